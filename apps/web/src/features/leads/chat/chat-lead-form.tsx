// "Leave a phone" inside the chat window (issue #25 §1): the phone and the privacy consent worded and
// linked as on every other lead form (lead-fields.tsx), sent to POST /api/chat/lead; the lead (kind
// 在线咨询) keeps the transcript. Success and failure are said in the window.
import { useMutation } from "@tanstack/react-query";
import { ChatMessages, routes } from "@yj/contract";
import { useApi } from "../../../lib/api-context";
import { ContactFields, FormFailure, SubmitButton } from "../lead-fields";
import { contactErrors } from "../lead-rules";
import { useLeadForm } from "../use-lead-form";
import styles from "./chat-window.module.css";

export function ChatLeadForm({
  conversationId,
  reason,
  onLeft,
}: {
  conversationId: number;
  reason: string;
  onLeft(): void;
}) {
  const api = useApi();
  const { values, errors, set, submitWith } = useLeadForm(
    { phone: "", consent: false, marketing: false },
    contactErrors,
  );
  const lead = useMutation({
    mutationFn: ({ phone, marketing }: { phone: string; marketing: boolean }) =>
      api.post(routes.chatLead, { conversationId, phone, name: "", consent: true, marketingConsent: marketing }),
    meta: { quiet: true },
    onSuccess: onLeft,
  });
  const submit = submitWith((v) => lead.mutate({ phone: v.phone.trim(), marketing: v.marketing }), lead.isPending);

  if (lead.isSuccess)
    return (
      <p className={styles.leadDone} role="status">
        {ChatMessages.leadLeft}
      </p>
    );
  return (
    <form className={styles.lead} noValidate onSubmit={submit} aria-label="留下手机号">
      <p className={styles.leadNote}>{reason}</p>
      <ContactFields values={values} errors={errors} set={set} phonePlaceholder="请输入 11 位手机号" />
      <FormFailure error={lead.error} prefix="提交失败" />
      <SubmitButton pending={lead.isPending} label="提交" />
    </form>
  );
}
