// Counts requests per key in fixed windows, in this process only: cheap enough for every read
// (no I/O), bounded in memory, and forgotten at each window's end.

export class WindowCounter {
  private windowStartMs = Number.NaN;
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    /** Keys tracked per window at most; past it new keys pass uncounted rather than grow the map. */
    private readonly maxKeys = 100_000,
  ) {}

  /** Counts one request for the key; 0 when allowed, else the milliseconds until its window ends. */
  hit(key: string, nowMs: number): number {
    const start = nowMs - (nowMs % this.windowMs);
    if (start !== this.windowStartMs) {
      this.windowStartMs = start;
      this.counts.clear();
    }
    const count = this.counts.get(key) ?? 0;
    if (count >= this.limit) return start + this.windowMs - nowMs;
    if (count === 0 && this.counts.size >= this.maxKeys) return 0;
    this.counts.set(key, count + 1);
    return 0;
  }
}
