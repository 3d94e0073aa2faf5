// The create/edit dialog every console form shares: antd Form inside a Modal, 保存 busy while the save
// runs, the success message on the way out and the server's own message when it refuses (docs/decisions/0042).
import { App, Form, type FormInstance, Modal } from "antd";
import { type ReactNode, useState } from "react";

/** What a row's dialog is showing: nothing, a new row, or an existing one. */
export type Editing<T> = T | "new" | null;

export function SaveModal<V extends object>({
  open,
  title,
  initialValues,
  onSave,
  savedText,
  onClose,
  onSaved,
  form: given,
  width,
  children,
}: {
  open: boolean;
  title: string;
  initialValues: V;
  /** The call that saves the form's values; its failure's message is shown as it is. */
  onSave(values: V): Promise<unknown>;
  /** The toast after a save (门店已保存). */
  savedText: string;
  onClose(): void;
  onSaved(): void;
  /** The page's own form, when its fields watch one another (Form.useWatch). */
  form?: FormInstance<V>;
  width?: number;
  children: ReactNode;
}) {
  const { message } = App.useApp();
  const [own] = Form.useForm<V>();
  const form = given ?? own;
  const [busy, setBusy] = useState(false);

  const save = async (values: V) => {
    setBusy(true);
    try {
      await onSave(values);
      message.success(savedText);
      onSaved();
    } catch (e) {
      message.error(e instanceof Error ? e.message : "保存失败");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText="保存"
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
