// The accounts rules depend on time (code and session expiry, rate windows). Services take a clock
// instead of reading Date.now(), so tests move time forward without faking timers globally.
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
