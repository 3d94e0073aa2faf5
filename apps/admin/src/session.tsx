// Who is logged in: loaded once from /me, shared with every page. No session sends the user to the
// login page (and back afterwards); a one-time password sends them to change it first.
import type { AdminPermission, StaffMe } from "@yj/contract";
import { Button, Result, Spin } from "antd";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { ApiError, get, rememberCsrf, routes, whenLoggedOut } from "./api";

interface SessionValue {
  me: StaffMe;
  setMe(me: StaffMe): void;
}

const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession outside SessionGate");
  return value;
}

/** A session that is given, not loaded: a page's test renders the page as `me` (test/render-page.tsx). */
export function GivenSession({ me, children }: { me: StaffMe; children: ReactNode }) {
  return <SessionContext.Provider value={{ me, setMe: () => {} }}>{children}</SessionContext.Provider>;
}

export function can(me: StaffMe, permission: AdminPermission): boolean {
  return me.permissions.includes(permission);
}

export function loginPath(location: { pathname: string; search: string }): string {
  const next = location.pathname + location.search;
  return next === "/" ? "/login" : `/login?next=${encodeURIComponent(next)}`;
}

export function SessionGate() {
  const [me, setMeState] = useState<StaffMe | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();
  const location = useLocation();

  const setMe = (value: StaffMe) => {
    rememberCsrf(value.csrf);
    setMeState(value);
  };

  // Loaded once per visit; pages update `me` through setMe.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per mount, not on every navigation
  useEffect(() => {
    whenLoggedOut(() => {
      const pathname = window.location.pathname.replace(/^\/admin/, "") || "/";
      navigate(loginPath({ pathname, search: window.location.search }));
    });
    get(routes.adminMe)
      .then(setMe)
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.loginRequired) navigate(loginPath(location), { replace: true });
        else setFailure(error instanceof Error ? error.message : "接口请求异常");
      });
  }, []);

  useEffect(() => {
    if (me?.mustChangePassword && location.pathname !== "/password") navigate("/password", { replace: true });
  }, [me, location.pathname, navigate]);

  if (failure) {
    return (
      <Result status="error" title={failure} extra={<Button onClick={() => window.location.reload()}>重试</Button>} />
    );
  }
  if (!me) return <Spin size="large" fullscreen tip="加载中…" />;
  return (
    <SessionContext.Provider value={{ me, setMe }}>
      <Outlet />
    </SessionContext.Provider>
  );
}

/** A page for the roles that hold `permission`; everyone else sees why not (the server refuses too). */
export function RequirePermission({ permission, page }: { permission: AdminPermission; page: ReactNode }) {
  const { me } = useSession();
  if (!can(me, permission)) return <Result status="403" title="没有权限" subTitle="您的角色不能访问此页面" />;
  return page;
}
