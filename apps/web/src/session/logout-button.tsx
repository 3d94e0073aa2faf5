// 退出 (docs/product.md §4): asks '是否退出当前用户？', revokes the session on the server, forgets the number and
// the customer's cached data, and says '退出成功!'. A screen that needs a session then goes home
// (useRequireLogin). A session that had already ended counts as logged out too.
import { useMutation } from "@tanstack/react-query";
import { Messages, routes } from "@yj/contract";
import { useState } from "react";
import { ConfirmDialog } from "../components/confirm-dialog";
import { toast } from "../components/toast";
import { useApi } from "../lib/api-context";
import { isLoginRequired, markLoggedOut, QUIET, useSessionActions } from "./session";

export function LogoutButton({ className, onDone }: { className?: string; onDone?: () => void }) {
  const api = useApi();
  const { forget } = useSessionActions();
  const [confirming, setConfirming] = useState(false);

  const loggedOut = () => {
    setConfirming(false);
    markLoggedOut();
    forget();
    toast(Messages.logoutSuccess, "success");
    onDone?.();
  };
  const logout = useMutation({
    mutationFn: () => api.post(routes.logout),
    meta: QUIET,
    onSuccess: loggedOut,
    onError: (error) => (isLoginRequired(error) ? loggedOut() : toast(error.message, "error")),
  });

  return (
    <>
      <button type="button" className={className} onClick={() => setConfirming(true)}>
        退出
      </button>
      <ConfirmDialog
        open={confirming}
        title="退出登录"
        message={Messages.logoutConfirm}
        confirmLabel="退出"
        busy={logout.isPending}
        onConfirm={() => logout.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
