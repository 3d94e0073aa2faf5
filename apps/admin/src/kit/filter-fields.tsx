// The fields of a list's filter bar (FilterBar): a choice that is 全部 when cleared, a text, and a
// range of days (mapped to the address's from and to by date-range.ts).
import { DatePicker, Form, Input, Select, type SelectProps } from "antd";

export function SelectFilter({
  name,
  label,
  options,
  width,
}: {
  name: string;
  label: string;
  options: SelectProps["options"];
  width: number;
}) {
  return (
    <Form.Item name={name} label={label}>
      <Select allowClear placeholder="全部" options={options} style={{ width }} />
    </Form.Item>
  );
}

export function TextFilter({
  name,
  label,
  placeholder,
  width,
}: {
  name: string;
  label: string;
  placeholder?: string;
  width: number;
}) {
  return (
    <Form.Item name={name} label={label}>
      <Input allowClear placeholder={placeholder} style={{ width }} />
    </Form.Item>
  );
}

/** The `dates` field: a RangePicker of days. */
export function DatesFilter({ label }: { label: string }) {
  return (
    <Form.Item name="dates" label={label}>
      <DatePicker.RangePicker />
    </Form.Item>
  );
}
