// The admin client's calls: typed by the contract's admin endpoints, answered in the envelope. The
// staff session is an HttpOnly cookie the browser sends to /api/admin; the CSRF value comes with
// the login and /me answers and is kept here, in memory, for every write.
import {
  AdminMessages,
  adminRoutes,
  type BodyOf,
  type DataOf,
  type EndpointOf,
  ErrorCode,
  type QueryOf,
  type Route,
  SUCCESS_CODE,
} from "@yj/contract";

export { adminRoutes as routes };

/** An answer that was not a success: its Chinese message, and the errorCode that says why. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly errorCode: number | undefined,
  ) {
    super(message);
  }

  get loginRequired() {
    return this.errorCode === ErrorCode.LOGIN_REQUIRED;
  }
}

let csrf = "";
export function rememberCsrf(value: string) {
  csrf = value;
}

/** Called when the server says the session is gone; the app sends the user to the login page. */
let onLoggedOut: () => void = () => {};
export function whenLoggedOut(handler: () => void) {
  onLoggedOut = handler;
}

function queryString(input: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input ?? {})) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function get<R extends Route>(route: R, query?: QueryOf<EndpointOf<R>>): Promise<DataOf<EndpointOf<R>>> {
  return call(route, query).then((answer) => answer.data);
}

export function post<R extends Route>(route: R, body?: BodyOf<EndpointOf<R>>): Promise<DataOf<EndpointOf<R>>> {
  return call(route, body).then((answer) => answer.data);
}

/** A save's answer: the data, and whether anything changed (the server answers '没有修改' if not). */
export async function save<R extends Route>(
  route: R,
  body: BodyOf<EndpointOf<R>>,
): Promise<{ data: DataOf<EndpointOf<R>>; changed: boolean; message: string }> {
  const answer = await call(route, body);
  return { ...answer, changed: answer.message !== AdminMessages.unchanged };
}

async function call<R extends Route>(
  route: R,
  input: unknown,
): Promise<{ data: DataOf<EndpointOf<R>>; message: string }> {
  const isPost = route.method === "POST";
  let res: Response;
  try {
    res = await fetch(isPost ? route.path : route.path + queryString(input as Record<string, unknown>), {
      method: route.method,
      credentials: "same-origin",
      headers: isPost ? { "content-type": "application/json", "x-csrf-token": csrf } : {},
      ...(isPost ? { body: JSON.stringify(input ?? {}) } : {}),
    });
  } catch {
    throw new ApiError("网络错误，请稍后重试", undefined);
  }
  let body: { code: number; message: string; data: unknown; errorCode?: number };
  try {
    body = await res.json();
  } catch {
    throw new ApiError("接口请求异常", undefined);
  }
  if (body.code !== SUCCESS_CODE) {
    const error = new ApiError(body.message, body.errorCode);
    if (error.loginRequired && route.path !== adminRoutes.adminMe.path) onLoggedOut();
    throw error;
  }
  return { data: body.data as DataOf<EndpointOf<R>>, message: body.message };
}
