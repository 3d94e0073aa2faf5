// The create/edit dialog every console form shares: antd Form inside a Modal, 保存 busy while the save
// runs, the success message on the way out and the server's own message when it refuses (docs/decisions/0042).
import { App, Form, type FormInstance, Modal } from "antd";
import type { ReactNode } from "react";
import { useSubmit } from "./use-submit";

/** What a row's dialog is showing: nothing, a new row, or an existing one. */
export type Editing<T> = T | "new" | null;

export function SaveModal<V extends object, A = unknown>({
  open,
  title,
  initialValues,
  onSave,
  savedText,
  failedText = "保存失败",
  okText = "保存",
  onClose,
  onSaved,
  form: given,
  width,
  children,
}: {
  open: boolean;
  title: string;
  initialValues?: Partial<V>;
  /** The call that saves the form's values; its failure's message is shown as it is. */
  onSave(values: V): Promise<A>;
  /** The toast after a save (门店已保存); none when the page shows the result itself. */
  savedText?: string;
  /** The toast when the failure has no message of its own. */
  failedText?: string;
  okText?: string;
  onClose(): void;
  /** After a save, with the save's answer. */
  onSaved(answer: A): void;
  /** The page's own form, when its fields watch one another (Form.useWatch). */
  form?: FormInstance<V>;
  width?: number;
  children: ReactNode;
}) {
  const { message } = App.useApp();
  const [own] = Form.useForm<V>();
  const form = given ?? own;
  const { busy, submit } = useSubmit();

  const save = (values: V) =>
    submit(
      () => onSave(values),
      (answer) => {
        if (savedText) message.success(savedText);
        onSaved(answer);
      },
      failedText,
    );

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={width}
    >
      <Form<V> form={form} layout="vertical" initialValues={initialValues} onFinish={save} preserve={false}>
        {children}
      </Form>
    </Modal>
  );
}
