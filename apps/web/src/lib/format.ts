/** Groups of three digits with commas, as zh-CN writes them (1,299). */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ",");
}

/**
 * docs/product.md §9: amounts are cents divided by 100. ¥1,299 or ¥1,299.50. Written by hand rather than with
 * Intl.NumberFormat: the first zh-CN formatter loads locale data, a 25–50 ms main-thread cost on a
 * page of prices (P6), for a format that never varies.
 */
export function formatPrice(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  const yuan = groupThousands(String(Math.floor(abs / 100)));
  const fen = abs % 100;
  return `${sign}¥${yuan}${fen === 0 ? "" : `.${String(fen).padStart(2, "0")}`}`;
}

/** docs/product.md §9 time-ago helper: minutes under 3600 s, hours under 86400 s, otherwise days. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, (now - new Date(iso).getTime()) / 1000);
  if (seconds < 3600) return `${Math.max(1, Math.floor(seconds / 60))} 分钟前`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} 小时前`;
  return `${Math.floor(seconds / 86400)} 天前`;
}

export function formatDate(iso: string): string {
  return iso.slice(0, 10);
}
