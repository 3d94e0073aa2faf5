// docs/product.md §7: a helper appends query parameters to a URL, using "?" if there is none and "&" if the
// URL does not already end in "?" or "&". Undefined, null and empty values are left out.
export function appendQuery(url: string, params: Record<string, unknown> | undefined): string {
  if (!params) return url;
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "") continue;
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  }
  if (parts.length === 0) return url;
  const sep = !url.includes("?") ? "?" : url.endsWith("?") || url.endsWith("&") ? "" : "&";
  return `${url}${sep}${parts.join("&")}`;
}
