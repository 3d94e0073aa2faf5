// A picture from the visitor (issue #25 §1, docs/decisions/0078): the file itself is the request body,
// sent with the chat cookie to the picture pipeline (POST /api/chat/picture, the media module), which
// checks it, strips its metadata and stores it re-encoded; the message then carries its URL.
import { type DataOf, type EndpointOf, routes } from "@yj/contract";
import { uploadFile } from "../../../lib/upload-file";

export type ChatPicture = DataOf<EndpointOf<typeof routes.chatPicture>>;

/** The types the pipeline takes (the server reads the type from the bytes anyway). */
export const CHAT_PICTURE_TYPES = "image/jpeg,image/png,image/webp,image/gif,image/avif";

export function uploadChatPicture(file: Blob): Promise<ChatPicture> {
  return uploadFile(routes.chatPicture, file);
}
