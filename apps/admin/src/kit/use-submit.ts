// Every console write runs the same way: the button busy while it runs, the page's own follow-up on
// success, and the server's Chinese message on failure (docs/decisions/0042).
import { App, type FormInstance } from "antd";
import { useState } from "react";

export const FIX_FIELDS_MESSAGE = "请先修正标红的内容";

export function useSubmit() {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  /** Runs `action` with `busy` set; `done` gets its answer. False when it failed (the message is shown). */
  const submit = async <T>(action: () => Promise<T>, done: (answer: T) => void, failed = "保存失败") => {
    setBusy(true);
    try {
      done(await action());
      return true;
    } catch (e) {
      message.error(e instanceof Error ? e.message : failed);
      return false;
    } finally {
      setBusy(false);
    }
  };

  /**
   * A page form's save: its rules first (one toast if a field is red), then `action` with every value,
   * those without a field of their own too (a SKU's id, a block's kind).
   */
  const submitForm = async <V, T>(
    form: FormInstance<V>,
    action: (values: V) => Promise<T>,
    done: (answer: T) => void,
  ) => {
    try {
      await form.validateFields();
    } catch {
      message.error(FIX_FIELDS_MESSAGE);
      return false;
    }
    const values = form.getFieldsValue(true) as V;
    return submit(() => action(values), done);
  };

  return { busy, submit, submitForm };
}
