// A picture from the visitor (issue #25 §1, docs/decisions/0078): the file itself is the request body,
// sent with the chat cookie to the picture pipeline (POST /api/chat/picture, the media module), which
// checks it, strips its metadata and stores it re-encoded; the message then carries its URL.
import { readEnvelope } from "@yj/api-client";
import { CSRF_COOKIE, CSRF_HEADER, type DataOf, type EndpointOf, type Envelope, routes } from "@yj/contract";
import { cookieValue } from "../../../lib/cookies";

export type ChatPicture = DataOf<EndpointOf<typeof routes.chatPicture>>;

/** The types the pipeline takes (the server reads the type from the bytes anyway). */
export const CHAT_PICTURE_TYPES = "image/jpeg,image/png,image/webp,image/gif,image/avif";

export async function uploadChatPicture(file: Blob): Promise<ChatPicture> {
  const route = routes.chatPicture;
  const res = await fetch(route.path, {
    method: route.method,
    credentials: "same-origin",
    headers: {
      "content-type": file.type || "application/octet-stream",
      [CSRF_HEADER]: cookieValue(document.cookie, CSRF_COOKIE) ?? "",
    },
    body: file,
  });
  const body = (await res.json().catch(() => null)) as Envelope<ChatPicture> | null;
  return readEnvelope(res.status, body, res.headers.get("retry-after")).data;
}
