/** The raw value of a cookie in a Cookie header (or document.cookie); undefined when absent or empty. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  const prefix = `${name}=`;
  const raw = header
    ?.split(/;\s*/)
    .find((c) => c.startsWith(prefix))
    ?.slice(prefix.length);
  return raw || undefined;
}
