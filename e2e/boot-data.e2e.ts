// Text from the database reaches the page twice: as HTML and inside the boot state the browser
// hydrates from (a <script> holding JSON). A goods name that tries to close that script, or holds the
// line separators U+2028/U+2029 (line breaks to old JavaScript parsers), must arrive as text in both,
// run nothing, and leave the page hydrated and working.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { afterAll, describe, expect, it } from "vitest";
import { launchBrowser, watchPage } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

const NAME = "布艺沙发</script><script>window.__pwned=1</script>\u2028\u2029<!--";

describe("boot data escaping", () => {
  let first: RunningServer | undefined;
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    // The second start runs on the first's directory: the first made it, so the first removes it.
    first?.cleanup();
  });

  it("shows a hostile goods name as text, runs none of it, and hydrates", async () => {
    // First start creates and seeds the data directory; the name is changed while no server runs.
    first = await startServer();
    await first.stop();
    const db = await PGlite.create(first.dataDir, { extensions: { pg_trgm } });
    await db.query("update goods set name = $1 where id = 1", [NAME]);
    await db.close();
    server = await startServer({ dataDir: first.dataDir });

    const html = await (await fetch(`${server.url}/app/product-detail/1`)).text();
    // In the HTML the name is text; inside the boot script it is JSON that nothing can end early.
    expect(html.includes("<script>window.__pwned"), "a script tag from the name").toBe(false);
    const boot = html.match(/<script id="__YJ_BOOT__"[^>]*>([\s\S]*?)<\/script>/)?.[1] ?? "";
    expect(boot.includes("布艺沙发"), "the name is in the boot state").toBe(true);
    expect(/<\/script|<!--|\u2028|\u2029/.test(boot), "closing tag, comment or line separator in the boot script").toBe(
      false,
    );

    const { context, close } = await launchBrowser();
    try {
      const page = await context.newPage();
      const { errors } = watchPage(page);
      let dialogs = 0;
      page.on("dialog", (d) => {
        dialogs++;
        void d.dismiss();
      });
      await page.goto(`${server.url}/app/product-detail/1`, { waitUntil: "networkidle" });
      expect(await page.locator("h1:visible").innerText()).toContain("布艺沙发</script>");
      expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
      // Hydrated: the quantity stepper is React's, so a click changes the number.
      const quantity = page.getByRole("spinbutton", { name: "购买数量" });
      await page.getByRole("button", { name: "增加" }).click();
      await expect.poll(() => quantity.inputValue()).toBe("2");
      expect(dialogs).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
