// Debian's Chromium driven by playwright-core, with the flags this machine needs (no network beyond
// loopback, fresh profile per launch). The suites run its old headless shell, which draws the same
// pages for half the CPU of the full browser (docs/decisions/0102).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { expect } from "vitest";
import { CHROMIUM_FLAGS, SUITES_CHROMIUM } from "./chromium-flags";
import { scratchDir } from "./scratch";
import { ROOT } from "./server";

export const SCREENSHOT_DIR = join(ROOT, "e2e/screenshots");

/**
 * A fresh profile directory per launch (playwright takes it as the persistent context's folder).
 * `reducedMotion`: the pages' system asks for less motion (prefers-reduced-motion: reduce).
 */
export async function launchBrowser({ reducedMotion }: { reducedMotion?: boolean } = {}): Promise<{
  context: BrowserContext;
  close(): Promise<void>;
}> {
  const profile = scratchDir("yj-chromium-");
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: SUITES_CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    reducedMotion: reducedMotion ? "reduce" : "no-preference",
  });
  context.on("page", waitForTheAppOnLoad);
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * The storefront's scripts load after its first frame (docs/decisions/0087), possibly after the load
 * event: a test that clicks a button as soon as `goto` returns would click plain HTML. Every load of a
 * page (goto, reload, back, forward) therefore also waits, briefly, for the app's mark that it has
 * taken the page over. A page without the storefront's boot data (the back office, a JSON answer)
 * and a load that asks for less than `load` (`commit`, `domcontentloaded`) wait for nothing more.
 */
function waitForTheAppOnLoad(page: Page) {
  const appReady = () =>
    page
      .waitForFunction(
        () => !document.getElementById("__YJ_BOOT__") || document.documentElement.dataset.app === "ready",
        undefined,
        { timeout: 15_000 },
      )
      .then(
        () => undefined,
        () => undefined,
      );
  for (const method of ["goto", "reload", "goBack", "goForward"] as const) {
    const load = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const options = args.find((arg): arg is { waitUntil?: string } => typeof arg === "object" && arg !== null);
        const response = await load(...args);
        if (options?.waitUntil !== "commit" && options?.waitUntil !== "domcontentloaded") await appReady();
        return response;
      },
    });
  }
}

/** Console errors and failed requests seen by a page: a page that works has none. */
export function watchPage(page: Page): { errors: string[] } {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  page.on("requestfailed", (req) => {
    const reason = req.failure()?.errorText ?? "";
    // A request still in flight when the page navigates away is cancelled by the browser, not failed.
    if (reason === "net::ERR_ABORTED") return;
    errors.push(`requestfailed: ${req.url()} ${reason}`);
  });
  return { errors };
}

/**
 * With `E2E_SCREENSHOTS=1` the suites save what they show into e2e/screenshots, to be looked at. Off by
 * default: some 230 pictures cost about a minute of the 2-core machine's CPU on every run, and CI has
 * nobody to look at them (docs/decisions/0081).
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1";

/** `what` (a page, or one element of it) saved as e2e/screenshots/<name>.png when SCREENSHOTS. */
export async function screenshot(what: Pick<Page, "screenshot">, name: string) {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await what.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

/**
 * Every open page of a failed test, as e2e/failures/<test>-<n>.png with a line of what the page was
 * doing (address, visibility, focus, and whether animation frames still run: a page without them
 * never finishes an animation). Always on: a failure that happens one
 * run in five cannot be run again with screenshots switched on.
 */
export async function saveFailedPages(context: BrowserContext, testName: string) {
  const dir = join(ROOT, "e2e/failures");
  mkdirSync(dir, { recursive: true });
  const base = testName.replace(/[^\p{L}\p{N}.-]+/gu, "_").slice(0, 120);
  const lines: string[] = [];
  for (const [n, page] of context.pages().entries()) {
    const state = await page
      .evaluate(async () => {
        // Headless Chromium says every tab is visible; whether frames still run is what tells.
        const frames = await new Promise<boolean>((resolve) => {
          const none = setTimeout(() => resolve(false), 1_000);
          requestAnimationFrame(() => {
            clearTimeout(none);
            resolve(true);
          });
        });
        return `${document.visibilityState}, focus ${document.hasFocus()}, animation frames ${frames ? "run" : "stopped"}`;
      })
      .catch((error: Error) => `not readable: ${error.message}`);
    lines.push(`${n}: ${page.url()} (${state})`);
    await page.screenshot({ path: join(dir, `${base}-${n}.png`), timeout: 5_000 }).catch(() => undefined);
  }
  writeFileSync(join(dir, `${base}.txt`), `${lines.join("\n")}\n`);
}

/** The page fits its viewport's width: no horizontal scroll (the mobile layouts' first rule). */
export async function expectNoHorizontalScroll(page: Page, label?: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, label).toBeLessThanOrEqual(0);
}

/**
 * A 1200 × 900 JPEG, photo-like (a gradient with `label` on it), drawn on a canvas by the browser: the
 * bytes of a real photo without image files in the repository.
 */
export async function drawnJpeg(page: Page, label: string): Promise<Buffer> {
  const base64 = await page.evaluate(async (label) => {
    const canvas = document.createElement("canvas");
    canvas.width = 1200;
    canvas.height = 900;
    const g = canvas.getContext("2d");
    if (!g) throw new Error("no canvas");
    const gradient = g.createLinearGradient(0, 0, 1200, 900);
    gradient.addColorStop(0, "#e67e22");
    gradient.addColorStop(1, "#2c3e50");
    g.fillStyle = gradient;
    g.fillRect(0, 0, 1200, 900);
    g.fillStyle = "#ffffff";
    g.font = "bold 120px sans-serif";
    g.fillText(label, 300, 480);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
    if (!blob) throw new Error("no blob");
    let text = "";
    for (const byte of new Uint8Array(await blob.arrayBuffer())) text += String.fromCharCode(byte);
    return btoa(text);
  }, label);
  return Buffer.from(base64, "base64");
}
