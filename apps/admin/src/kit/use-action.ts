// A row's one-click action (delete, move, publish): the toast on success, the server's message on failure,
// then the list again.
import { App } from "antd";

export function useAction(afterwards?: () => void) {
  const { message } = App.useApp();
  return async (action: () => Promise<unknown>, done: string, failed = "操作失败"): Promise<boolean> => {
    try {
      await action();
      message.success(done);
      afterwards?.();
      return true;
    } catch (e) {
      message.error(e instanceof Error ? e.message : failed);
      return false;
    }
  };
}
