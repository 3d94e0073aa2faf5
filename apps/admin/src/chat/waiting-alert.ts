// A new conversation waiting is announced twice (issue #25 §3): the browser tab's title counts the
// waiting ones ("(2) 新会话 · …", seen from another tab), and a short beep plays when one arrives.
// The beep is drawn with WebAudio rather than shipped as a file.
import { useEffect, useRef } from "react";

export function waitingTitle(count: number, base: string): string {
  return count > 0 ? `(${count}) 新会话 · ${base}` : base;
}

/** A 0.2 s tone. Browsers may refuse sound before the first click on the page: then nothing plays. */
export function beep() {
  try {
    const Context = window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    const audio = new Context();
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = 880;
    volume.gain.setValueAtTime(0.15, audio.currentTime);
    volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.2);
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.2);
    tone.onended = () => void audio.close();
  } catch {
    // No sound device or sound not allowed yet: the title still says it.
  }
}

/**
 * Keeps the tab title on the count of `waitingIds` (null while loading) and beeps when an id appears
 * that was not there before (not for the ones already waiting when the page opened).
 */
export function useWaitingAlert(waitingIds: number[] | null, sound: () => void = beep) {
  const base = useRef(document.title);
  const seen = useRef<Set<number> | null>(null);
  const count = waitingIds?.length ?? 0;

  useEffect(() => {
    document.title = waitingTitle(count, base.current);
  }, [count]);
  useEffect(() => {
    const title = base.current;
    return () => {
      document.title = title;
    };
  }, []);

  useEffect(() => {
    if (!waitingIds) return;
    const before = seen.current;
    seen.current = new Set(waitingIds);
    if (before && waitingIds.some((id) => !before.has(id))) sound();
  }, [waitingIds, sound]);
}
