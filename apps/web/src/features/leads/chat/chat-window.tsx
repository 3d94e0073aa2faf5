// The chat window (issue #25 §1): bottom right on desktop, the whole screen on a phone; a modal dialog
// named 在线客服 that keeps the focus inside, closed by Esc or 关闭. The greeting and the quick questions
// come from the open answer; the visitor's messages show at once (重试 after a failure); the phone
// form is offered outside service hours or after a minute without a staff answer, and on request.
// A picture goes through the picture pipeline first (chat-picture.ts), then as a message. When the
// site settings hold a 企业微信客服 link, the window offers it: a link on a phone, its QR code on
// desktop (docs/decisions/0078).
import { CHAT_TEXT_MAX, type ChatMessage, MAX_IMAGE_BYTES } from "@yj/contract";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { QrCode } from "../../../components/qr-code";
import { keepTabInside, useDialogKeys } from "../../../components/use-dialog-keys";
import { closeChat, leadLeftIn, rememberLeadLeft } from "../../../lib/chat-state";
import { failureDetail } from "../lead-rules";
import { ChatLeadForm } from "./chat-lead-form";
import { type ChatLog, type ChatOpened, outsideServiceHours, waitingSince } from "./chat-log";
import { CHAT_PICTURE_TYPES, type ChatPicture } from "./chat-picture";
import styles from "./chat-window.module.css";

/** How long a visitor waits for a staff answer before the phone form is offered (issue #25 §1). */
const ANSWER_WAIT_MS = 60_000;

interface ChatWindowProps {
  opened: ChatOpened | null;
  failure: string;
  log: ChatLog;
  send(text: string, clientId?: string, picture?: string): void;
  upload(file: Blob): Promise<ChatPicture>;
}

export function ChatWindow(props: ChatWindowProps) {
  if (typeof document === "undefined") return null;
  return createPortal(<Frame {...props} />, document.body);
}

function Frame({ opened, failure, log, send, upload }: ChatWindowProps) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState("");
  const [askedForForm, setAskedForForm] = useState(false);
  const [leadLeft, setLeadLeft] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [pictureFailure, setPictureFailure] = useState("");
  const unanswered = useUnanswered(log);
  useDialogKeys(
    () => inputRef.current?.focus(),
    (e) => {
      if (e.key === "Escape") closeChat();
      else keepTabInside(ref.current, e);
    },
  );
  // The newest message in view.
  const count = log.messages.length + log.pending.length;
  useEffect(() => {
    const list = listRef.current;
    if (list && count >= 0) list.scrollTop = list.scrollHeight;
  }, [count]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = draft.trim();
    if (!text) return;
    send(text);
    setDraft("");
  };
  const sendPicture = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) {
      setPictureFailure(`图片不能超过 ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
      return;
    }
    setUploading(true);
    setPictureFailure("");
    try {
      const picture = await upload(file);
      send("", undefined, picture.url);
    } catch (error) {
      setPictureFailure(failureDetail(error, "图片上传失败，请重试"));
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = "";
    }
  };
  const offHours = opened ? outsideServiceHours(opened.serviceHours, new Date()) : false;
  const conversationId = opened?.conversation.id ?? null;
  const alreadyLeft = leadLeft || (conversationId !== null && leadLeftIn(conversationId));
  // Outside service hours or after a minute unanswered the window says why it offers the form.
  const notice = offHours
    ? `当前为非服务时间（${opened?.serviceHours}），可留下手机号，客服上班后尽快联系您。`
    : unanswered
      ? "客服暂时繁忙，可留下手机号，我们尽快回电。"
      : "";
  const onLeft = () => {
    if (conversationId !== null) rememberLeadLeft(conversationId);
    setLeadLeft(true);
  };

  return (
    <div
      ref={ref}
      className={styles.window}
      role="dialog"
      aria-modal="true"
      aria-labelledby={`${id}title`}
      data-testid="chat-window"
    >
      <div className={styles.head}>
        <h2 id={`${id}title`} className={styles.title}>
          在线客服
        </h2>
        <button type="button" className={styles.close} aria-label="关闭" onClick={closeChat}>
          ×
        </button>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling history the keyboard must reach to scroll (WCAG 2.1.1, axe scrollable-region-focusable). */}
      <div ref={listRef} className={styles.list} role="log" aria-label="聊天记录" tabIndex={0}>
        {!opened && !failure && <p className={styles.note}>正在连接客服…</p>}
        {failure && (
          <p className={styles.failure} role="alert">
            {failure}
          </p>
        )}
        {opened && <Bubble from="staff" who="在线客服" text={opened.greeting} />}
        {opened?.wecomUrl && <WecomOffer url={opened.wecomUrl} />}
        {log.messages.map((m) => (
          <StoredBubble key={m.seq} message={m} />
        ))}
        {log.pending.map((p) => (
          <div key={p.clientId} className={`${styles.row} ${styles.mine}`}>
            {p.text && <p className={styles.bubble}>{p.text}</p>}
            {p.picture && <img className={styles.picture} src={p.picture} alt="聊天图片" />}
            {p.failed ? (
              <p className={styles.failed}>
                发送失败
                <button type="button" className={styles.retry} onClick={() => send(p.text, p.clientId, p.picture)}>
                  重试
                </button>
              </p>
            ) : (
              <p className={styles.sending}>发送中…</p>
            )}
          </div>
        ))}
      </div>
      {opened && opened.quickQuestions.length > 0 && (
        <fieldset className={styles.quick}>
          <legend className="visually-hidden">常见问题</legend>
          {opened.quickQuestions.map((q) => (
            <button key={q} type="button" className={styles.chip} onClick={() => send(q)}>
              {q}
            </button>
          ))}
        </fieldset>
      )}
      {conversationId !== null &&
        (askedForForm ? (
          <ChatLeadForm
            conversationId={conversationId}
            reason={notice || "留下手机号，客服尽快联系您。"}
            onLeft={onLeft}
          />
        ) : (
          !alreadyLeft && (
            <div className={styles.offer}>
              {notice && <p className={styles.leadNote}>{notice}</p>}
              <button type="button" className={styles.link} onClick={() => setAskedForForm(true)}>
                留下手机号
              </button>
            </div>
          )
        ))}
      <form className={styles.composer} onSubmit={submit}>
        <label htmlFor={`${id}text`} className="visually-hidden">
          输入消息
        </label>
        <textarea
          id={`${id}text`}
          ref={inputRef}
          className={styles.input}
          rows={2}
          maxLength={CHAT_TEXT_MAX}
          placeholder="请输入您的问题"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
          }}
        />
        {(uploading || pictureFailure) && (
          <p className={uploading ? styles.note : styles.failed} role={pictureFailure ? "alert" : undefined}>
            {uploading ? "图片上传中…" : pictureFailure}
          </p>
        )}
        <div className={styles.actions}>
          <input
            ref={fileRef}
            type="file"
            accept={CHAT_PICTURE_TYPES}
            hidden
            data-testid="chat-picture-input"
            onChange={(e) => void sendPicture(e.target.files?.[0])}
          />
          <button
            type="button"
            className={styles.pictureButton}
            disabled={!opened || uploading}
            onClick={() => fileRef.current?.click()}
          >
            发送图片
          </button>
          <button type="submit" className={`btn ${styles.send}`} disabled={!opened || !draft.trim()}>
            发送
          </button>
        </div>
      </form>
    </div>
  );
}

/** The 企业微信客服 hand-off: on a phone a link that opens WeCom, on desktop its QR code to scan. */
function WecomOffer({ url }: { url: string }) {
  return (
    <div className={styles.wecom} data-testid="chat-wecom">
      <p className={styles.wecomText}>也可以添加企业微信客服，随时咨询</p>
      <a className={styles.wecomLink} href={url} target="_blank" rel="noopener noreferrer">
        打开企业微信客服
      </a>
      <div className={styles.wecomQr}>
        <QrCode text={url} label="企业微信客服二维码" size={112} />
        <span className={styles.wecomHint}>微信扫码咨询</span>
      </div>
    </div>
  );
}

function StoredBubble({ message }: { message: ChatMessage }) {
  const who =
    message.sender === "staff" ? message.staffName || "客服" : message.sender === "system" ? "系统消息" : "我";
  return <Bubble from={message.sender} who={who} text={message.text} picture={message.picture} />;
}

function Bubble({ from, who, text, picture }: { from: string; who: string; text: string; picture?: string }) {
  return (
    <div className={`${styles.row} ${from === "visitor" ? styles.mine : ""} ${from === "system" ? styles.system : ""}`}>
      <span className={styles.who}>{who}</span>
      {text && <p className={styles.bubble}>{text}</p>}
      {picture && <img className={styles.picture} src={picture} alt="聊天图片" loading="lazy" />}
    </div>
  );
}

/** True once the visitor's oldest unanswered message is a minute old. */
function useUnanswered(log: ChatLog): boolean {
  const since = waitingSince(log);
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (since === null) return setLate(false);
    const left = since + ANSWER_WAIT_MS - Date.now();
    if (left <= 0) return setLate(true);
    setLate(false);
    const timer = setTimeout(() => setLate(true), left);
    return () => clearTimeout(timer);
  }, [since]);
  return late;
}
