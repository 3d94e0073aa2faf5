// The server render's quick pass (entry-server.tsx, docs/decisions/0083).
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";

/**
 * The page's markup in one synchronous pass, or undefined when it needs the streaming render: the
 * loaders have put every screen's data in the query cache, so nothing should suspend, and one string
 * costs less than React's stream, which encodes its output in 2 KB chunks (docs/decisions/0083). A
 * boundary that did not complete (something suspended, or threw: renderToString hides the error and
 * leaves it to the browser, `<!--$!`) or a thrown shell falls back to the stream, which waits for
 * it, logs the error and answers 500.
 */
export function renderWhole(app: ReactElement): string | undefined {
  try {
    const html = renderToString(app);
    return html.includes("<!--$!") ? undefined : html;
  } catch {
    return undefined;
  }
}
