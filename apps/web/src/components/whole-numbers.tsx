// Text in which a number and its unit never break across lines ("20万", "750×1500", "120㎡"): a line
// may still break anywhere between Chinese characters, just not inside a figure (issue #27 item 13,
// docs/decisions/0057-demo-pictures-are-drawings.md).
import { Fragment } from "react";

const NUMBER_WITH_UNIT = /\d+(?:[.,:×~\-–/]\d+)*%?(?:元\/㎡|\/㎡|㎡|m²|万元|万|元|cm|mm|kg|℃|匹|寸|米|L|W|P|m)?/g;

export function WholeNumbers({ text }: { text: string }) {
  const parts: (string | { figure: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(NUMBER_WITH_UNIT)) {
    // A lone digit has nothing to split; only figures of two or more characters need holding together.
    if (match[0].length < 2) continue;
    parts.push(text.slice(last, match.index), { figure: match[0] });
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, i) =>
        typeof part === "string" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <Fragment key={i}>{part}</Fragment>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <span key={i} style={{ whiteSpace: "nowrap" }}>
            {part.figure}
          </span>
        ),
      )}
    </>
  );
}
