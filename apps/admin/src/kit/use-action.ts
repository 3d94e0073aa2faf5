// A row's one-click action (delete, move, publish): the toast on success, the server's message on failure,
// then the list again.
import { App } from "antd";
import { useSubmit } from "./use-submit";

export function useAction(afterwards?: () => void) {
  const { message } = App.useApp();
  const { submit } = useSubmit();
  return (action: () => Promise<unknown>, done: string, failed = "操作失败") =>
    submit(
      action,
      () => {
        message.success(done);
        afterwards?.();
      },
      failed,
    );
}
