// A date-range filter: the form holds a RangePicker's pair of days, the address holds from and to as
// YYYY-MM-DD (what the list endpoints take).
import dayjs, { type Dayjs } from "dayjs";

export type DateRange = [Dayjs, Dayjs] | null | undefined;

/** The picker's pair for the address's from and to (none unless both are there). */
export function rangeOf(filter: { from?: string; to?: string }): [Dayjs, Dayjs] | null {
  return filter.from && filter.to ? [dayjs(filter.from), dayjs(filter.to)] : null;
}

/** The address's from and to for the picker's pair. */
export function fromTo(dates: DateRange): { from?: string; to?: string } {
  return { from: dates?.[0].format("YYYY-MM-DD"), to: dates?.[1].format("YYYY-MM-DD") };
}
