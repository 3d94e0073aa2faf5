// axe-core run inside a page: the WCAG 2.1 A and AA rules, WCAG 2.2 AA's target size and axe's best
// practices (issue #21 item 11's bar, docs/decisions/0049). The source is evaluated through the
// DevTools protocol, which the storefront's CSP does not govern, so no script tag and no CSP bypass
// are needed.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { expect } from "vitest";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** One rule broken by one or more elements, at an impact of serious or critical. */
export interface Fault {
  rule: string;
  impact: string;
  targets: string[];
}

interface AxeViolation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[] }[];
}

/**
 * Rules below serious that the issue found broken (docs: issue #21 item 11) and that Lighthouse scores:
 * held at zero as well, so they do not come back unseen.
 */
export const ALSO_REQUIRED = new Set([
  "heading-order",
  "landmark-one-main",
  "page-has-heading-one",
  "region",
  "image-redundant-alt",
  "autocomplete-valid",
]);

/**
 * Every violation on the page as it is now (open dialogs included), at any impact. `within`: a CSS
 * selector to check only that part (a back-office dialog, whose page the storefront's bar does not hold).
 */
/**
 * Waits (up to 2 s) for the page's finite animations to end: a dialog still zooming in or out is drawn
 * scaled down, and axe would measure its buttons small (target-size). Spinners never end; they are left.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() => {
    const ending = document
      .getAnimations()
      .filter((a) => a.playState === "running" && Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
      .map((a) => a.finished.catch(() => {}));
    return Promise.race([Promise.all(ending), new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
}

export async function axeFaults(page: Page, within?: string): Promise<Fault[]> {
  await animationsSettled(page);
  const hasAxe = await page.evaluate(() => "axe" in window);
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    ([tags, selector]) =>
      (
        window as unknown as {
          axe: { run(ctx: Document | { include: string[] }, options: object): Promise<{ violations: AxeViolation[] }> };
        }
      ).axe
        .run(selector ? { include: [selector] } : document, {
          runOnly: { type: "tag", values: tags },
          resultTypes: ["violations"],
        })
        .then((r) =>
          r.violations.map(({ id, impact, nodes }) => ({
            id,
            impact,
            nodes: nodes.map((n) => ({ target: n.target })),
          })),
        ),
    [AXE_TAGS, within] as const,
  );
  return violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? "",
    targets: v.nodes.map((n) => n.target.join(" ")),
  }));
}

/** The faults the bar counts: serious or critical, and the named rules at any impact. */
export async function seriousFaults(page: Page, within?: string): Promise<Fault[]> {
  return (await axeFaults(page, within)).filter(
    (f) => f.impact === "serious" || f.impact === "critical" || ALSO_REQUIRED.has(f.rule),
  );
}

/** Elements at fault, over all rules. */
export const faultCount = (faults: Fault[]) => faults.reduce((n, f) => n + f.targets.length, 0);

/** `rule (impact) ×n: target, target, …` per rule, for a failure message a reader can act on. */
export function describeFaults(faults: Fault[]): string {
  return faults
    .map(
      (f) =>
        `  ${f.rule} (${f.impact}) ×${f.targets.length}: ${f.targets.slice(0, 6).join(", ")}${f.targets.length > 6 ? ", …" : ""}`,
    )
    .join("\n");
}

/** No serious or critical fault (nor a named lesser one) on the page, or in the part `within` selects. */
export async function expectNoSeriousFaults(page: Page, what: string, within?: string) {
  const faults = await seriousFaults(page, within);
  expect(faultCount(faults), `${what}:\n${describeFaults(faults)}`).toBe(0);
}
