// P6: Lighthouse (mobile preset) on the built production server — home, a category, a product, a
// package, a guide and a case (the first of each the API lists) — median of 5 runs per page for the
// performance score, LCP, TBT and CLS. Bars (docs/quality.md P6): score ≥ 98, LCP ≤ 2.0 s, TBT ≤ 200 ms,
// CLS ≤ 0.1. LH_REPORTS=<folder> also keeps each run's whole report there, to read what a score lost.
// LH_BLOCK=<pattern,…> refuses the requests they match (Lighthouse's blockedUrlPatterns): `*/assets/*.js`
// measures the pages without their scripts, to tell the scripts' share of a score from the document's.
import { once } from "node:events";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import lighthouse from "lighthouse";
import { launchLighthouseChrome } from "./chrome.js";
import { articlePage, packagePage, startServer } from "./shop.js";

const RUNS = Number(process.env.LH_RUNS ?? 5);
const ALL_PAGES = [
  { name: "home", path: "/" },
  { name: "category", path: "/2-12?id=4" },
  { name: "product", path: "/app/product-detail/1" },
];
/** LH_PAGES=article,case measures only those pages. */
const only = process.env.LH_PAGES?.split(",").map((name) => name.trim());
const reportsDir = process.env.LH_REPORTS;
if (reportsDir) mkdirSync(reportsDir, { recursive: true });

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

/** The LCP element's HTML snippet, from the node item in the details of Lighthouse's LCP breakdown insight. */
function lcpElementOf(details: unknown): string {
  const found = JSON.stringify(details ?? {}).match(/"snippet":"((?:[^"\\]|\\.)*)"/);
  return found ? JSON.parse(`"${found[1]}"`).slice(0, 160) : "-";
}

const server = await startServer();
ALL_PAGES.push(
  await packagePage(server.url),
  await articlePage(server.url, 1, "article"),
  await articlePage(server.url, 2, "case"),
);
const PAGES = only ? ALL_PAGES.filter((p) => only.includes(p.name)) : ALL_PAGES;
const chrome = await launchLighthouseChrome();
try {
  console.log(`Lighthouse mobile preset, ${RUNS} runs per page, median reported\n`);
  console.log(
    "page".padEnd(10),
    "score".padStart(6),
    "LCP s".padStart(7),
    "TBT ms".padStart(7),
    "CLS".padStart(6),
    "  verdict",
  );
  for (const page of PAGES) {
    // A page this build does not serve has no performance to measure: said, not scored 0.
    const status = (await fetch(`${server.url}${page.path}`)).status;
    if (status !== 200) {
      console.log(page.name.padEnd(10), `  SKIPPED: ${page.path} answers ${status} on this build`);
      continue;
    }
    const runs: { score: number; lcp: number; tbt: number; cls: number; lcpElement: string }[] = [];
    for (let i = 0; i < RUNS; i++) {
      // A run Lighthouse itself could not record (NO_NAVSTART and the like) says nothing about the
      // page: it is run again, up to twice, rather than counted as a score of 0.
      let lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"] | undefined;
      for (let attempt = 1; attempt <= 3; attempt++) {
        const result = await lighthouse(`${server.url}${page.path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
          ...(process.env.LH_BLOCK ? { blockedUrlPatterns: process.env.LH_BLOCK.split(",") } : {}),
        });
        lhr = result?.lhr;
        if (!lhr) throw new Error("lighthouse returned no result");
        if (!lhr.runtimeError) break;
        console.log(`  ${page.name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message} (attempt ${attempt})`);
      }
      if (!lhr) throw new Error("lighthouse returned no result");
      if (reportsDir) writeFileSync(join(reportsDir, `${page.name}-${i + 1}.json`), JSON.stringify(lhr));
      runs.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcp: (lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN) / 1000,
        tbt: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
        cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
        lcpElement: lcpElementOf(lhr.audits["lcp-breakdown-insight"]?.details),
      });
    }
    const m = {
      score: median(runs.map((r) => r.score)),
      lcp: median(runs.map((r) => r.lcp)),
      tbt: median(runs.map((r) => r.tbt)),
      cls: median(runs.map((r) => r.cls)),
    };
    const pass = m.score >= 98 && m.lcp <= 2.0 && m.tbt <= 200 && m.cls <= 0.1;
    console.log(
      page.name.padEnd(10),
      String(m.score).padStart(6),
      m.lcp.toFixed(2).padStart(7),
      m.tbt.toFixed(0).padStart(7),
      m.cls.toFixed(3).padStart(6),
      `  ${pass ? "PASS" : "MISS"}  (runs: ${runs.map((r) => r.score).join(", ")})`,
    );
    // Which element the LCP was (docs/decisions/0060: the picture preloaded must be this one).
    for (const element of new Set(runs.map((r) => r.lcpElement)))
      console.log(`${"".padEnd(10)}   LCP element: ${element}`);
  }
} finally {
  chrome.kill();
  // Gone before its directory is: else it logs that its data-directory lock was taken.
  const exited = once(server.child, "exit");
  server.child.kill();
  await exited;
  rmSync(server.dataDir, { recursive: true, force: true });
}
