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

/**
 * Uploads a picture as the request body itself (the server reads its type from the bytes), with
 * progress: fetch reports none for uploads, XMLHttpRequest does.
 */
export function uploadImage(
  file: Blob,
  purpose: QueryOf<EndpointOf<typeof adminRoutes.adminMediaUpload>>["purpose"],
  onProgress?: (percent: number) => void,
): Promise<DataOf<EndpointOf<typeof adminRoutes.adminMediaUpload>>> {
  const route = adminRoutes.adminMediaUpload;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(route.method, `${route.path}?purpose=${encodeURIComponent(purpose)}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader("content-type", file.type || "application/octet-stream");
    xhr.setRequestHeader("x-csrf-token", csrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError("网络错误，请稍后重试", undefined));
    xhr.onload = () => {
      let body: { code: number; message: string; data: unknown; errorCode?: number };
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        reject(new ApiError("接口请求异常", undefined));
        return;
      }
      if (body.code !== SUCCESS_CODE) {
        const error = new ApiError(body.message, body.errorCode);
        if (error.loginRequired) onLoggedOut();
        reject(error);
        return;
      }
      resolve(body.data as DataOf<EndpointOf<typeof adminRoutes.adminMediaUpload>>);
    };
    xhr.send(file);
  });
}
