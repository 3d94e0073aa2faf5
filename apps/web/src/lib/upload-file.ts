// A file sent as the request body to one of the upload routes (a chat picture, an after-sales or an
// objection photo): the server reads its type from the bytes and answers with the stored picture.
// The session cookie and the CSRF header go with it, as with every other write.
import { readEnvelope } from "@yj/api-client";
import { CSRF_COOKIE, CSRF_HEADER, type DataOf, type EndpointOf, type Envelope, type Route } from "@yj/contract";
import { cookieValue } from "./cookies";

/** `search` adds what the route reads from the query string, e.g. `?projectId=7`. */
export async function uploadFile<R extends Route>(route: R, file: Blob, search = ""): Promise<DataOf<EndpointOf<R>>> {
  const res = await fetch(`${route.path}${search}`, {
    method: route.method,
    credentials: "same-origin",
    headers: {
      "content-type": file.type || "application/octet-stream",
      [CSRF_HEADER]: cookieValue(document.cookie, CSRF_COOKIE) ?? "",
    },
    body: file,
  });
  const body = (await res.json().catch(() => null)) as Envelope<DataOf<EndpointOf<R>>> | null;
  return readEnvelope(res.status, body, res.headers.get("retry-after")).data;
}
