// Lighthouse's accessibility category (issue #21 item 11: 100 on each page) on the built production
// server: home, a category, a product, a guide, the case list and, for a logged-in customer, the order
// page — mobile and desktop presets, one run each (the score does not vary between runs). Prints each
// page's score and the audits that failed.
import { once } from "node:events";
import { rmSync } from "node:fs";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { launchLighthouseChrome } from "./chrome.js";
import { articlePage, type Shop, startServer } from "./shop.js";

/** A customer logged in through the API with the code the console SMS provider logged: their cookies. */
async function customerCookie(shop: Shop): Promise<string> {
  const phone = `139${String(Date.now()).slice(-8)}`;
  await fetch(`${shop.url}/api/customers/getVerificationCode?phone=${phone}&timestamp=${Date.now()}`);
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    await new Promise((r) => setTimeout(r, 100));
    code = shop.logs
      .filter((line) => line.includes(`"phone":"${phone.slice(0, 3)}****${phone.slice(-4)}"`))
      .map((line) => (JSON.parse(line) as { smsCode?: string }).smsCode)
      .findLast((c) => c !== undefined);
  }
  if (!code) throw new Error("no SMS code in the server's log");
  const res = await fetch(`${shop.url}/api/customers/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ mobile: phone, code }),
  });
  const body = (await res.json()) as { code: number; message: string; data: { token: string; csrf: string } };
  if (body.code !== 1) throw new Error(`login failed: ${body.message}`);
  return `token=${body.data.token}; csrf=${body.data.csrf}`;
}

const shop = await startServer({ logLevel: "info" });
const pages: { name: string; path: string; cookie?: string }[] = [
  { name: "home", path: "/" },
  { name: "category", path: "/2-12?id=4" },
  { name: "product", path: "/app/product-detail/1" },
  await articlePage(shop.url, 1, "article"),
  { name: "case list", path: "/case" },
  { name: "submitOrder", path: "/submitOrder?goodsId=1&skuId=1&quantity=1", cookie: await customerCookie(shop) },
];
const chrome = await launchLighthouseChrome();
try {
  console.log("Lighthouse accessibility, mobile and desktop presets\n");
  console.log("page".padEnd(12), "mobile".padStart(7), "desktop".padStart(8), "  failed audits");
  for (const page of pages) {
    const scores: number[] = [];
    const failed = new Set<string>();
    for (const config of [undefined, desktopConfig]) {
      const result = await lighthouse(
        `${shop.url}${page.path}`,
        {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["accessibility"],
          ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
        },
        config,
      );
      const lhr = result?.lhr;
      if (!lhr) throw new Error("lighthouse returned no result");
      if (lhr.runtimeError) throw new Error(`${page.name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      if (page.cookie && new URL(lhr.finalDisplayedUrl).pathname !== "/submitOrder")
        throw new Error(`${page.name} led to ${lhr.finalDisplayedUrl}: the customer is not logged in`);
      scores.push(Math.round((lhr.categories.accessibility?.score ?? 0) * 100));
      for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit?.score !== null && audit?.score !== undefined && audit.score < 1)
          failed.add(ref.id);
      }
    }
    console.log(
      page.name.padEnd(12),
      String(scores[0]).padStart(7),
      String(scores[1]).padStart(8),
      `  ${[...failed].join(", ") || "none"}`,
    );
  }
} finally {
  chrome.kill();
  // Gone before its directory is: else it logs that its data-directory lock was taken.
  const exited = once(shop.child, "exit");
  shop.child.kill();
  await exited;
  rmSync(shop.dataDir, { recursive: true, force: true });
}
