// The back office counts days in China time (UTC+8, no daylight saving): "today", a date filter's
// day, the week starting Monday.
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant a "YYYY-MM-DD" day starts in China. */
export function chinaDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}

/** The instant after a "YYYY-MM-DD" day ends in China (a filter's `to` includes its whole day). */
export function chinaDayEnd(day: string): Date {
  return new Date(chinaDayStart(day).getTime() + DAY_MS);
}

/** The start of `now`'s day in China. */
export function startOfChinaDay(now: Date): Date {
  const local = now.getTime() + CHINA_OFFSET_MS;
  return new Date(local - (local % DAY_MS) - CHINA_OFFSET_MS);
}

/** The start of `now`'s week in China, Monday 00:00. */
export function startOfChinaWeek(now: Date): Date {
  const day = startOfChinaDay(now);
  const weekday = new Date(day.getTime() + CHINA_OFFSET_MS).getUTCDay(); // 0 = Sunday
  return new Date(day.getTime() - ((weekday + 6) % 7) * DAY_MS);
}

/** The China day ("YYYY-MM-DD") an instant falls on. */
export function chinaDayOf(instant: Date): string {
  return new Date(instant.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The last `days` China days ending with `now`'s, oldest first, as "YYYY-MM-DD". */
export function lastChinaDays(now: Date, days: number): string[] {
  const today = startOfChinaDay(now).getTime();
  return Array.from({ length: days }, (_, i) => chinaDayOf(new Date(today - (days - 1 - i) * DAY_MS)));
}

/** "2026-11-23 14:05": an instant to the minute in China time, as the back office's exports write it. */
export function chinaMinute(instant: Date): string {
  return new Date(instant.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");
}
