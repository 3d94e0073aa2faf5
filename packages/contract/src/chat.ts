// Live chat (issue #25, docs/decisions/0075): a visitor's conversation with the shop's 销售/客服, its
// messages in one ordered sequence per conversation, and the staff inbox. The visitor's endpoints are
// public (the visitor is known by an httpOnly cookie, or by account when logged in); the inbox's are
// behind the `chat` permission. The live stream (WebSocket, or SSE where WebSocket is blocked) carries
// the same ChatMessage rows; it is not an envelope endpoint, so its paths are constants here.
import { z } from "zod";
import { AdminId } from "./admin-fields.js";
import { Messages, PHONE_PATTERN } from "./constants.js";
import { def, Nothing, staffDef } from "./endpoint-def.js";
import { pictureVariants } from "./picture-keys.js";
import { text } from "./text.js";

export const CHAT_STATUSES = ["waiting", "open", "closed"] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];
export const CHAT_STATUS_LABELS: Record<ChatStatus, string> = { waiting: "待接待", open: "接待中", closed: "已结束" };

/** Who wrote a message: the visitor, a member of staff, or the shop itself (a lead was left, …). */
export const CHAT_SENDERS = ["visitor", "staff", "system"] as const;
export type ChatSender = (typeof CHAT_SENDERS)[number];

/** The inbox's three lists (issue #25 §3). */
export const CHAT_BOXES = ["waiting", "mine", "closed"] as const;
export type ChatBox = (typeof CHAT_BOXES)[number];

/** The visitor's quick questions (issue #25 §1), word for word. */
export const CHAT_QUICK_QUESTIONS = ["报价", "量房", "套餐", "售后"] as const;
export const CHAT_GREETING = "您好，欢迎咨询！请问有什么可以帮您？您可以直接提问，或点击下方的常见问题。";
/** What staff pick from instead of typing (the inbox's canned replies). */
export const CHAT_CANNED_REPLIES = [
  "您好，我是在线客服，很高兴为您服务。",
  "请问您的房屋在哪个城市、面积大约多少平方米？",
  "可以留下您的手机号，设计师会尽快与您联系，免费上门量房。",
  "我们的套餐价格按城市不同，您可以在页面上选择城市查看。",
  "感谢您的咨询，祝您生活愉快！",
] as const;

/** The visitor's cookie: a random token, httpOnly; the server keeps only its hash. */
export const CHAT_VISITOR_COOKIE = "yj_chat";
/** The live stream: a WebSocket upgrade, or server-sent events on a plain GET of the same path. */
export const CHAT_STREAM_PATH = "/api/chat/stream";
export const CHAT_STAFF_STREAM_PATH = "/api/admin/chat/stream";
/** The longest message a visitor or staff member may send. */
export const CHAT_TEXT_MAX = 1000;

export const ChatMessages = {
  conversationNotFound: "会话不存在",
  closed: "会话已结束，请重新发起咨询",
  notYours: "该会话已由其他客服接待",
  notWaiting: "该会话已被接待",
  claimFirst: "请先接入该会话",
  staffInvalid: "所选员工不存在、已停用或没有在线客服权限",
  sent: "发送成功",
  claimed: "已接入会话",
  transferred: "已转接",
  closedOk: "会话已结束",
  leadLeft: "提交成功，稍后会有客服联系您",
  limited: "发送过于频繁",
  textRequired: "请输入消息内容",
  pictureInvalid: "图片无效，请重新上传",
  pictureUploaded: "图片已上传",
  pictureLimited: "发送图片过于频繁",
  openFirst: "请先打开在线客服",
} as const;

const conversationId = AdminId;
/** The client's own id of a message: a resend with the same id is the same message. */
const ClientId = text("消息编号")
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "消息编号无效");
const MessageText = text("消息", ChatMessages.textRequired)
  .trim()
  .min(1, ChatMessages.textRequired)
  .max(CHAT_TEXT_MAX, `消息最多 ${CHAT_TEXT_MAX} 个字`);
/** The last sequence the client has seen; it gets what came after. */
const AfterSeq = z.coerce
  .number({ message: "序号无效" })
  .int("序号无效")
  .min(0, "序号无效")
  .max(2_147_483_647)
  .default(0);

export const ChatOpenBody = z.object({
  /** The page the visitor is on (a path of this site). */
  page: text("页面").trim().max(200, "页面最多 200 个字").default(""),
  city: text("城市").trim().max(32, "城市最多 32 个字").default(""),
});
/** A picture uploaded through POST /api/chat/picture: its URL, as the upload answered it. */
const ChatPicture = text("图片")
  .trim()
  .max(200, ChatMessages.pictureInvalid)
  .refine((url) => url === "" || pictureVariants(url)?.purpose === "chat", ChatMessages.pictureInvalid);
/** What one message carries: text, a picture, or both (never neither). */
export const ChatSendFields = z.object({
  conversationId,
  clientId: ClientId,
  text: text("消息").trim().max(CHAT_TEXT_MAX, `消息最多 ${CHAT_TEXT_MAX} 个字`).default(""),
  picture: ChatPicture.default(""),
});
const hasContent = (m: { text: string; picture: string }) => m.text.length > 0 || m.picture.length > 0;
export const ChatSendBody = ChatSendFields.refine(hasContent, { error: ChatMessages.textRequired, path: ["text"] });
export const ChatWsSend = ChatSendFields.omit({ conversationId: true })
  .extend({ type: z.literal("send") })
  .refine(hasContent, { error: ChatMessages.textRequired, path: ["text"] });
export const ChatHistoryQuery = z.object({
  conversationId,
  after: AfterSeq,
});
export const ChatLeadBody = z.object({
  conversationId,
  phone: text("手机号", Messages.invalidPhone).trim().regex(PHONE_PATTERN, { error: Messages.invalidPhone }),
  name: text("称呼").trim().max(32, "称呼最多 32 个字").default(""),
  consent: z.literal(true, { error: Messages.consentRequired }),
  /** Optional: to be called about offers (docs/decisions/0077). */
  marketingConsent: z.boolean().optional(),
});

export const ChatMessage = z.object({
  conversationId: z.number(),
  seq: z.number(),
  clientId: z.string(),
  sender: z.enum(CHAT_SENDERS),
  /** The staff member's display name on staff messages; empty otherwise. */
  staffName: z.string(),
  text: z.string(),
  /** A picture's URL (/media/chat-…), or empty. */
  picture: z.string(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const ChatConversation = z.object({
  id: z.number(),
  status: z.enum(CHAT_STATUSES),
  lastSeq: z.number(),
  page: z.string(),
  city: z.string(),
  createdAt: z.string(),
});

export const ChatOpenData = z.object({
  conversation: ChatConversation,
  greeting: z.string(),
  quickQuestions: z.array(z.string()),
  serviceHours: z.string(),
  /** The newest messages, oldest first (older ones through history). */
  messages: z.array(ChatMessage),
});
export const ChatPictureData = z.object({ url: z.string(), thumbnail: z.string() });
export const ChatHistoryData = z.object({ messages: z.array(ChatMessage), lastSeq: z.number() });
export const ChatSendData = z.object({ message: ChatMessage, duplicate: z.boolean() });

// ── The inbox ───────────────────────────────────────────────────────────────────────────────────

export const ChatListQuery = z.object({
  box: z.enum(CHAT_BOXES, { message: "列表无效" }).default("waiting"),
});
export const ChatIdQuery = z.object({ id: conversationId, after: AfterSeq });
export const ChatIdBody = z.object({ id: conversationId });
export const ChatTransferBody = z.object({ id: conversationId, staffId: AdminId });
export const ChatReplyBody = z.object({ id: conversationId, clientId: ClientId, text: MessageText });

export const ChatInboxRow = ChatConversation.extend({
  assigneeId: z.number().nullable(),
  assigneeName: z.string(),
  /** Logged-in visitors: the customer's masked number; anonymous ones: empty. */
  customerPhone: z.string(),
  leadId: z.number().nullable(),
  lastText: z.string(),
  updatedAt: z.string(),
});
export const ChatInboxDetail = ChatInboxRow.extend({ messages: z.array(ChatMessage) });

export const chatVisitorEndpoints = {
  chatOpen: def({
    method: "POST",
    path: "/api/chat/open",
    summary: "在线客服：打开或继续会话（匿名访客以 Cookie 识别，登录顾客以账号识别）",
    auth: "none",
    body: ChatOpenBody,
    data: ChatOpenData,
  }),
  chatSend: def({
    method: "POST",
    path: "/api/chat/send",
    summary: "在线客服：发送消息（clientId 相同的重发只存一次）",
    auth: "none",
    body: ChatSendBody,
    data: ChatSendData,
  }),
  chatPicture: def({
    method: "POST",
    path: "/api/chat/picture",
    summary:
      "在线客服：上传图片：请求体为图片文件本身（JPEG、PNG、WebP、GIF 或 AVIF，最大 8 MB），去除元数据后转为 WebP；每位访客与每个地址限频",
    auth: "none",
    data: ChatPictureData,
  }),
  chatHistory: def({
    method: "GET",
    path: "/api/chat/history",
    summary: "在线客服：某序号之后的消息",
    auth: "none",
    query: ChatHistoryQuery,
    data: ChatHistoryData,
  }),
  chatLead: def({
    method: "POST",
    path: "/api/chat/lead",
    summary: "在线客服：留下手机号（需同意隐私政策），生成在线咨询线索并附聊天记录",
    auth: "none",
    body: ChatLeadBody,
    data: Nothing,
  }),
} as const;

export const chatAdminEndpoints = {
  adminChatList: staffDef({
    method: "GET",
    path: "/api/admin/chat/list",
    summary: "在线客服：待接待、我的、已结束会话",
    auth: "staff",
    permission: "chat",
    query: ChatListQuery,
    data: z.array(ChatInboxRow),
  }),
  adminChatDetail: staffDef({
    method: "GET",
    path: "/api/admin/chat/detail",
    summary: "在线客服：会话与消息",
    auth: "staff",
    permission: "chat",
    query: ChatIdQuery,
    data: ChatInboxDetail,
  }),
  adminChatClaim: staffDef({
    method: "POST",
    path: "/api/admin/chat/claim",
    summary: "在线客服：接入待接待的会话",
    auth: "staff",
    permission: "chat",
    body: ChatIdBody,
    data: ChatInboxRow,
  }),
  adminChatTransfer: staffDef({
    method: "POST",
    path: "/api/admin/chat/transfer",
    summary: "在线客服：转接给其他客服",
    auth: "staff",
    permission: "chat",
    body: ChatTransferBody,
    data: ChatInboxRow,
  }),
  adminChatClose: staffDef({
    method: "POST",
    path: "/api/admin/chat/close",
    summary: "在线客服：结束会话",
    auth: "staff",
    permission: "chat",
    body: ChatIdBody,
    data: ChatInboxRow,
  }),
  adminChatReply: staffDef({
    method: "POST",
    path: "/api/admin/chat/reply",
    summary: "在线客服：回复访客（clientId 相同的重发只存一次）",
    auth: "staff",
    permission: "chat",
    body: ChatReplyBody,
    data: ChatSendData,
  }),
  adminChatCanned: staffDef({
    method: "GET",
    path: "/api/admin/chat/canned",
    summary: "在线客服：常用回复",
    auth: "staff",
    permission: "chat",
    query: z.object({}),
    data: z.array(z.string()),
  }),
} as const;
