// A resend countdown (the login form's 获取验证码, the owner's confirmation code in 我的装修): the
// server allows one code per phone per 60 s, so the button waits and says how long.
import { useEffect, useState } from "react";

/** Seconds left until `until` (a Date.now() value), ticking once a second; 0 when idle. */
export function useCountdown() {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (!until) return;
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) setUntil(0);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return {
    left: until ? Math.max(0, Math.ceil((until - now) / 1000)) : 0,
    start(seconds: number) {
      const t = Date.now();
      setNow(t);
      setUntil(t + seconds * 1000);
    },
  };
}
