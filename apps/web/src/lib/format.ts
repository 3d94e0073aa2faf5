import { formatCents } from "@yj/contract";

/** docs/product.md §9: amounts are cents divided by 100. ¥1,299 or ¥1,299.50 (the contract's one money rule). */
export function formatPrice(cents: number): string {
  return formatCents(cents);
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
