// Where lead notifications go (R17): a group robot's webhook, or the log when none is configured.

/** A short title and a Markdown body; the body never holds a full phone number. */
export interface Notification {
  title: string;
  markdown: string;
}

export interface Notifier {
  /** "wecom", "dingtalk" or "log". */
  readonly name: string;
  /** Resolves once the robot accepted the message; rejects (retried later by the caller) otherwise. */
  send(notification: Notification): Promise<void>;
}
