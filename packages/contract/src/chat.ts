// Live chat (issue #25, docs/decisions/0075): a visitor's conversation with the shop's 销售/客服, its
// messages in one ordered sequence per conversation, and the staff inbox. The visitor's endpoints are
// public (the visitor is known by an httpOnly cookie, or by account when logged in); the inbox's are
// behind the `chat` permission. The live stream (WebSocket, or SSE where WebSocket is blocked) carries
// the same ChatMessage rows; it is not an envelope endpoint, so its paths are constants here.
import { z } from "zod";
import { LEAD_STATES } from "./admin.js";
import { AdminId } from "./admin-fields.js";
import { ORDER_STATUSES } from "./commerce.js";
import { Messages, PHONE_PATTERN } from "./constants.js";
import { def, Nothing, staffDef } from "./endpoint-def.js";
import { LEAD_KINDS } from "./lead-kinds.js";
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
  leadMade: "已转为线索",
  alreadyLead: "该会话已转为线索",
  phoneNeeded: "该访客未登录也未留下手机号，请填写访客在对话中告知的手机号",
  noPhone: "该访客没有可显示的手机号",
  chatSettingsSaved: "在线客服设置已保存",
} as const;

/** Limits of the 在线客服 settings card (docs/decisions/0078). */
export const CHAT_CANNED_MAX = 20;
export const CHAT_CANNED_TEXT_MAX = 200;
export const CHAT_GREETING_MAX = 200;

const conversationId = AdminId;
/** The client's own id of a message: a resend with the same id is the same message. */
const ClientId = text("消息编号")
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "消息编号无效");
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
  /** The site settings' 企业微信客服 link (https), or empty: the window shows it as a link or QR code. */
  wecomUrl: z.string(),
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
/** A staff reply: text, a picture uploaded through POST /api/admin/chat/picture, or both. */
export const ChatReplyBody = z
  .object({
    id: conversationId,
    clientId: ClientId,
    text: text("消息").trim().max(CHAT_TEXT_MAX, `消息最多 ${CHAT_TEXT_MAX} 个字`).default(""),
    picture: ChatPicture.default(""),
  })
  .refine(hasContent, { error: ChatMessages.textRequired, path: ["text"] });

export const ChatInboxRow = ChatConversation.extend({
  assigneeId: z.number().nullable(),
  assigneeName: z.string(),
  /** Logged-in visitors: the customer's masked number; anonymous ones: empty. */
  customerPhone: z.string(),
  leadId: z.number().nullable(),
  lastText: z.string(),
  updatedAt: z.string(),
});
export type ChatInboxRowData = z.infer<typeof ChatInboxRow>;
export const ChatInboxDetail = ChatInboxRow.extend({ messages: z.array(ChatMessage) });

/** 转为线索: the visitor's number as typed by staff; empty: the logged-in customer's own. */
export const ChatLeadByStaffBody = z.object({
  id: conversationId,
  phone: text("手机号", Messages.invalidPhone)
    .trim()
    .refine((v) => v === "" || PHONE_PATTERN.test(v), Messages.invalidPhone)
    .default(""),
  name: text("称呼").trim().max(32, "称呼最多 32 个字").default(""),
});
export const ChatLeadByStaffData = z.object({ leadId: z.number() });

/** Beside the conversation: who the visitor is to the shop, every number masked. */
export const ChatVisitorData = z.object({
  /** The customer's or the left lead's number, masked; empty when there is none. */
  phone: z.string(),
  /** Where the number comes from: the visitor's account, or the phone they left. */
  phoneFrom: z.enum(["customer", "lead", ""]),
  leads: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(LEAD_KINDS),
      state: z.enum(LEAD_STATES),
      phone: z.string(),
      createdAt: z.string(),
    }),
  ),
  orders: z.array(
    z.object({
      id: z.number(),
      orderNo: z.string(),
      status: z.enum(ORDER_STATUSES),
      /** Cents. */
      totalCents: z.number(),
      createdAt: z.string(),
    }),
  ),
});
export type AdminChatVisitor = z.infer<typeof ChatVisitorData>;
export const ChatRevealData = z.object({ phone: z.string() });

/** The 在线客服 card of the site settings (docs/decisions/0078). */
export const ChatSettings = z.object({
  greeting: z.string(),
  cannedReplies: z.array(z.string()),
  wecomUrl: z.string(),
});
export type ChatSettings = z.infer<typeof ChatSettings>;
export const ChatSettingsBody = z.object({
  greeting: text("欢迎语", "请输入欢迎语")
    .trim()
    .min(1, "请输入欢迎语")
    .max(CHAT_GREETING_MAX, `欢迎语最多 ${CHAT_GREETING_MAX} 个字`),
  cannedReplies: z
    .array(
      text("快捷回复", "快捷回复不能为空")
        .trim()
        .min(1, "快捷回复不能为空")
        .max(CHAT_CANNED_TEXT_MAX, `每条快捷回复最多 ${CHAT_CANNED_TEXT_MAX} 个字`),
      { message: "快捷回复格式无效" },
    )
    .max(CHAT_CANNED_MAX, `快捷回复最多 ${CHAT_CANNED_MAX} 条`),
  wecomUrl: text("企业微信客服链接")
    .trim()
    .max(300, "企业微信客服链接最多 300 个字")
    .refine((v) => v === "" || isHttpsUrl(v), "企业微信客服链接须以 https:// 开头")
    .default(""),
});

/** An https address of a named host, nothing hidden in it (no user, no spaces, no quotes). */
const HTTPS_URL = /^https:\/\/[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+(:\d{1,5})?([/?#][^\s"'<>@]*)?$/;

function isHttpsUrl(value: string): boolean {
  return HTTPS_URL.test(value);
}

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
  adminChatPicture: staffDef({
    method: "POST",
    path: "/api/admin/chat/picture",
    summary:
      "在线客服：客服上传图片：请求体为图片文件本身（JPEG、PNG、WebP、GIF 或 AVIF，最大 8 MB），去除元数据后转为 WebP",
    auth: "staff",
    permission: "chat",
    data: ChatPictureData,
  }),
  adminChatLead: staffDef({
    method: "POST",
    path: "/api/admin/chat/lead",
    summary: "在线客服：转为线索（在线咨询），聊天记录随线索保存",
    auth: "staff",
    permission: "chat",
    body: ChatLeadByStaffBody,
    data: ChatLeadByStaffData,
  }),
  adminChatVisitor: staffDef({
    method: "GET",
    path: "/api/admin/chat/visitor",
    summary: "在线客服：访客的线索与订单（手机号已脱敏）",
    auth: "staff",
    permission: "chat",
    query: ChatIdBody,
    data: ChatVisitorData,
  }),
  adminChatRevealPhone: staffDef({
    method: "POST",
    path: "/api/admin/chat/reveal-phone",
    summary: "在线客服：显示访客完整手机号（记入操作日志）",
    auth: "staff",
    permission: "chat",
    body: ChatIdBody,
    data: ChatRevealData,
  }),
  adminChatSettings: staffDef({
    method: "GET",
    path: "/api/admin/settings/chat/detail",
    summary: "站点设置：在线客服（欢迎语、快捷回复、企业微信客服链接）",
    auth: "staff",
    permission: "settings",
    query: z.object({}),
    data: ChatSettings,
  }),
  adminChatSettingsSave: staffDef({
    method: "POST",
    path: "/api/admin/settings/chat/save",
    summary: "站点设置：保存在线客服设置",
    auth: "staff",
    permission: "settings",
    body: ChatSettingsBody,
    data: ChatSettings,
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
