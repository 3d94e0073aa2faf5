// Reading server-rendered HTML like a crawler does: the internal links of a page and the documents of
// a sitemap. Plain fetch against the built server, no browser.

/** Internal link targets (path and query) in a page's HTML: `<a href>` on this site, nothing else. */
export function internalLinks(html: string, origin: string): string[] {
  const links = new Set<string>();
  for (const match of html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)) {
    const href = match[1]!.replaceAll("&amp;", "&");
    if (!href || href.startsWith("#") || /^(tel|mailto|javascript):/i.test(href)) continue;
    let url: URL;
    try {
      url = new URL(href, `${origin}/`);
    } catch {
      continue;
    }
    if (url.origin !== origin) continue;
    links.add(url.pathname + url.search);
  }
  return [...links];
}

/** The <loc> values of a sitemap document (a URL set or an index), entities decoded. */
export function sitemapLocs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
}

/** Runs `task` over `items`, `concurrency` at a time (the machine has two cores; so has the server). */
export async function inBatches<T, R>(items: readonly T[], concurrency: number, task: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += concurrency) {
    results.push(...(await Promise.all(items.slice(i, i + concurrency).map(task))));
  }
  return results;
}

/**
 * Whether a path is one of `patterns`: each a path, where a segment `:id` stands for any number.
 * The query is ignored.
 */
export function matchesAny(path: string, patterns: readonly string[]): boolean {
  const pathname = path.split(/[?#]/)[0]!;
  return patterns.some((pattern) => {
    const re = new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replaceAll(":id", "\\d+")}$`);
    return re.test(pathname);
  });
}
