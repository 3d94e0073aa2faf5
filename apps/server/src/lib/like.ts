/** Escapes LIKE wildcards so user text matches literally: '%' and '_' are not patterns. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}
