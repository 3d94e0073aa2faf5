// Every console write runs the same way: the button busy while it runs, the page's own follow-up on
// success, and the server's Chinese message on failure (docs/decisions/0042).
import { App, type FormInstance } from "antd";
import { useState } from "react";

export const FIX_FIELDS_MESSAGE = "请先修正标红的内容";

/** `showFailure` replaces the toast (the login page shows it above its form). */
export function useSubmit(showFailure?: (message: string) => void) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const fail = showFailure ?? ((text: string) => message.error(text));

  /** Runs `action` with `busy` set; `done` gets its answer. False when it failed (the message is shown). */
  const submit = async <T>(action: () => Promise<T>, done: (answer: T) => void, failed = "保存失败") => {
    setBusy(true);
    try {
      done(await action());
      return true;
    } catch (e) {
      fail(e instanceof Error ? e.message : failed);
      return false;
    } finally {
      setBusy(false);
    }
  };

  /**
   * A page form's values once its rules pass: every value, those without a field of their own too (a
   * SKU's id, a block's kind). Null, with one toast, while a field is red (some show no message of their own).
   */
  const checkForm = async <V>(form: FormInstance<V>): Promise<V | null> => {
    try {
      await form.validateFields();
    } catch {
      message.error(FIX_FIELDS_MESSAGE);
      return null;
    }
    return form.getFieldsValue(true) as V;
  };

  /** A page form's save: its rules first, then `action` with every value. */
  const submitForm = async <V, T>(
    form: FormInstance<V>,
    action: (values: V) => Promise<T>,
    done: (answer: T) => void,
  ) => {
    const values = await checkForm(form);
    return values !== null && submit(() => action(values), done);
  };

  return { busy, submit, checkForm, submitForm };
}

/** A form that shows its failure above itself (login, password change): the message, cleared at each try. */
export function useSubmitShowingError() {
  const [error, setError] = useState<string | null>(null);
  const { busy, submit } = useSubmit(setError);
  const submitAgain: typeof submit = (action, done, failed) => {
    setError(null);
    return submit(action, done, failed);
  };
  return { error, busy, submit: submitAgain };
}
