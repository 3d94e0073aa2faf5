// The console's calls, through the shared client (packages/api-client, docs/decisions/0042): typed by
// the contract's admin endpoints, answered in the envelope. The staff session is an HttpOnly cookie the
// browser sends to /api/admin; the CSRF value comes with the login and /me answers and is kept here, in
// memory, for every write.
import { ApiError, createApiClient, createFetchTransport, readEnvelope } from "@yj/api-client";
import type { BodyOf, DataOf, EndpointOf, Envelope, QueryOf, Route } from "@yj/contract";
import { AdminMessages, adminRoutes, CSRF_HEADER, Messages } from "@yj/contract";

export { ApiError, adminRoutes as routes };

let csrf = "";
export function rememberCsrf(value: string) {
  csrf = value;
}

/** Called when the server says the session is gone; the app sends the user to the login page. */
let onLoggedOut: () => void = () => {};
export function whenLoggedOut(handler: () => void) {
  onLoggedOut = handler;
}

const client = createApiClient(createFetchTransport({ csrfHeader: CSRF_HEADER, csrfToken: () => csrf }), {
  // /me is how the app asks whether anyone is logged in: its LOGIN_REQUIRED is an answer, not an event.
  onFailure: (error, route) => {
    if (error.loginRequired && route.path !== adminRoutes.adminMe.path) onLoggedOut();
  },
});

/** Calls typed by the route: `get(routes.adminGoodsList, query)`, `post(routes.adminStaffCreate, body)`. */
export const { get, post } = client;

/** A save's answer: the data, and whether anything changed (the server answers '没有修改' if not). */
export async function save<R extends Route>(
  route: R,
  body: BodyOf<EndpointOf<R>>,
): Promise<{ data: DataOf<EndpointOf<R>>; changed: boolean; message: string }> {
  const answer = await client.send(route, body);
  return { ...answer, changed: answer.message !== AdminMessages.unchanged };
}

type Upload = EndpointOf<typeof adminRoutes.adminMediaUpload>;
type ChatUpload = EndpointOf<typeof adminRoutes.adminChatPicture>;

/**
 * Uploads a picture as the request body itself (the server reads its type from the bytes), with
 * progress: fetch reports none for uploads, XMLHttpRequest does. The answer is read by the same
 * envelope rules as every other call.
 */
export function uploadImage(
  file: Blob,
  purpose: QueryOf<Upload>["purpose"],
  onProgress?: (percent: number) => void,
): Promise<DataOf<Upload>> {
  const route = adminRoutes.adminMediaUpload;
  return sendPicture(route.method, `${route.path}?purpose=${encodeURIComponent(purpose)}`, file, onProgress);
}

/** A picture for the live chat's reply (docs/decisions/0078), under the inbox's own permission. */
export function uploadChatPicture(file: Blob): Promise<DataOf<ChatUpload>> {
  const route = adminRoutes.adminChatPicture;
  return sendPicture(route.method, route.path, file);
}

function sendPicture<T>(method: string, url: string, file: Blob, onProgress?: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("content-type", file.type || "application/octet-stream");
    xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(Messages.networkError));
    xhr.onload = () => {
      let body: Envelope<T> | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {}
      try {
        resolve(readEnvelope(xhr.status, body, xhr.getResponseHeader("retry-after")).data);
      } catch (error) {
        if (error instanceof ApiError && error.loginRequired) onLoggedOut();
        reject(error);
      }
    };
    xhr.send(file);
  });
}
