import { writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS } from "../../e2e/support/browser.js";

const url = process.argv[2]!;
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: CHROMIUM_FLAGS });
const r = await lighthouse(url, {
  port: chrome.port,
  output: "json",
  logLevel: "error",
  onlyCategories: ["performance"],
});
const lhr = r!.lhr;
writeFileSync("/tmp/lh.json", JSON.stringify(lhr));
console.log(
  "score",
  lhr.categories.performance?.score,
  "TBT",
  lhr.audits["total-blocking-time"]?.numericValue,
  "LCP",
  lhr.audits["largest-contentful-paint"]?.numericValue,
);
for (const id of ["long-tasks", "bootup-time", "mainthread-work-breakdown"]) {
  const d = lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined;
  console.log("\n" + id);
  for (const it of d?.items?.slice(0, 12) ?? []) console.log(JSON.stringify(it).slice(0, 220));
}
chrome.kill();
