// One built server and one browser per test file, stopped afterwards; `open` loads a page of the shop
// in a fresh tab at a viewport size and watches it for console errors and failed requests.
import { rmSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, onTestFailed } from "vitest";
import { launchBrowser, saveFailedPages, watchPage } from "./browser";
import { newDataDir, type RunningServer, type StartOptions, startServer } from "./server";

export interface ShopInBrowser {
  readonly server: RunningServer;
  readonly browser: BrowserContext;
  open(path: string, width?: number, height?: number): Promise<{ page: Page; errors: string[] }>;
}

export interface ShopOptions extends Pick<StartOptions, "env"> {
  /** Runs on the new data directory before the server opens it (e.g. `npm run admin -- create`). */
  prepare?(dataDir: string): void;
  /** The browser's system asks for less motion (the back office then shows no animations). */
  reducedMotion?: boolean;
}

/** Registers the file's beforeAll/afterAll; the fields are set once beforeAll has run. */
export function shopInBrowser({ prepare, reducedMotion, ...serverOptions }: ShopOptions = {}): ShopInBrowser {
  let server: RunningServer | undefined;
  let context: BrowserContext | undefined;
  let closeBrowser: (() => Promise<void>) | undefined;
  // The directory made here for `prepare` is this file's to remove: the server's cleanup removes
  // only a directory it made itself.
  let preparedDir: string | undefined;

  beforeAll(async () => {
    let dataDir: string | undefined;
    if (prepare) {
      dataDir = preparedDir = newDataDir();
      prepare(dataDir);
    }
    server = await startServer({ ...serverOptions, dataDir });
    ({ context, close: closeBrowser } = await launchBrowser({ reducedMotion }));
  });
  // A test that fails leaves its pages open: what they showed is kept for the person who looks into it.
  beforeEach(({ task }) => {
    onTestFailed(() => (context ? saveFailedPages(context, `${task.file.name}-${task.name}`) : undefined));
  });
  afterAll(async () => {
    await closeBrowser?.();
    await server?.stop();
    server?.cleanup();
    if (preparedDir) rmSync(preparedDir, { recursive: true, force: true });
  });

  const shop: ShopInBrowser = {
    get server() {
      if (!server) throw new Error("the server starts in beforeAll");
      return server;
    },
    get browser() {
      if (!context) throw new Error("the browser starts in beforeAll");
      return context;
    },
    async open(path, width = 1440, height = 900) {
      const page = await shop.browser.newPage();
      await page.setViewportSize({ width, height });
      const { errors } = watchPage(page);
      // Closing a tab shows the one before it, as in a person's browser. Left in the background, a
      // page runs no animation frames: an antd button's loading icon never finishes leaving, and
      // its "loading" label stays in the button's name (admin-content's 保存设置 once timed out so).
      const close = page.close.bind(page);
      page.close = async (options) => {
        await close(options);
        await shop.browser.pages().at(-1)?.bringToFront();
      };
      await page.goto(`${shop.server.url}${path}`, { waitUntil: "networkidle" });
      return { page, errors };
    },
  };
  return shop;
}
