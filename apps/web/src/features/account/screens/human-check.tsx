// The human check the server asks for before sending an SMS code when risk is high (docs/decisions/
// 0046): ALTCHA's proof of work, solved here with altcha-lib's solver and the browser's own SHA-256.
// A native button starts it, so Enter and Space work and focus is visible; the state is announced.
import { type HumanCheckChallenge, Messages } from "@yj/contract";
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/sha";
import { useEffect, useId, useRef, useState } from "react";
import styles from "./login-screen.module.css";

/** ALTCHA's payload: base64 of JSON `{ challenge, solution }`, sent back as the `altcha` parameter. */
export async function solveHumanCheck(challenge: HumanCheckChallenge, signal?: AbortSignal): Promise<string | null> {
  const controller = new AbortController();
  signal?.addEventListener("abort", () => controller.abort());
  // The challenge goes back exactly as it came: its signature covers every parameter.
  const solution = await solveChallenge({ challenge: challenge as Challenge, deriveKey, controller });
  if (!solution) return null;
  return btoa(JSON.stringify({ challenge, solution }));
}

type Phase = "idle" | "working" | "passed" | "failed";

/** Give it `key={challenge.signature}`: a new challenge starts afresh. */
export function HumanCheck({
  challenge,
  message,
  onSolved,
}: {
  challenge: HumanCheckChallenge;
  /** Why it is asked: '请先完成人机验证', or that the last answer was refused. */
  message: string;
  onSolved(payload: string): void;
}) {
  const uid = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [phase, setPhase] = useState<Phase>("idle");
  const abort = useRef<AbortController | null>(null);

  // Shown (once per challenge: the parent keys it by the challenge): keyboard focus goes to it.
  useEffect(() => {
    button.current?.focus();
    return () => abort.current?.abort();
  }, []);

  const start = async () => {
    // The ref, not the state: two quick presses must not start two solves.
    if (abort.current && !abort.current.signal.aborted) return;
    setPhase("working");
    const controller = new AbortController();
    abort.current = controller;
    const payload = await solveHumanCheck(challenge, controller.signal).catch(() => null);
    if (controller.signal.aborted) return;
    if (!payload) {
      abort.current = null;
      setPhase("failed");
      return;
    }
    setPhase("passed");
    onSolved(payload);
  };

  const label =
    phase === "working" ? Messages.humanCheckWorking : phase === "passed" ? Messages.humanCheckPassed : "开始验证";
  return (
    <fieldset className={styles.check}>
      <legend className={styles.checkTitle}>{message}</legend>
      <button
        ref={button}
        type="button"
        className={styles.checkButton}
        aria-describedby={`${uid}checkhint`}
        aria-busy={phase === "working"}
        aria-disabled={phase === "working" || phase === "passed"}
        data-phase={phase}
        onClick={start}
      >
        <span className={styles.checkBox} aria-hidden />
        {label}
      </button>
      <p id={`${uid}checkhint`} className={styles.checkHint} role="status">
        {phase === "failed" ? "验证未完成，请重试" : "点击或按回车键开始，验证在本机自动完成，约需一秒"}
      </p>
    </fieldset>
  );
}
