// Headless Chromium's flags on this kind of machine (no network beyond loopback), shared by the
// browser suites and bench/lighthouse. Kept apart from browser.ts, whose page helpers need the DOM
// types that the bench's compilation does not load.

/**
 * The browser suites' Chromium: Debian's `chromium-headless-shell`, the old headless mode without the
 * full browser's window, tab and profile machinery (docs/decisions/0102). `CHROMIUM_PATH` names
 * another browser for the suites and bench/lighthouse alike.
 */
export const SUITES_CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

/** bench/lighthouse's Chromium: the full browser, which P6 names. */
export const LIGHTHOUSE_CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS: string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * The features bench/lighthouse's full Chromium runs without, besides those chrome-launcher disables.
 * Chromium 156's full browser loads the address bar's suggestion popup
 * (chrome://omnibox-popup.top-chrome, a WebUI with its own renderer) in every headless launch, where
 * nobody types in an address bar: about 2 s of CPU per launch, while the first page loads
 * (docs/decisions/0100). The headless shell has no address bar.
 */
export const LIGHTHOUSE_DISABLED_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

/**
 * One `--disable-features` switch naming every feature the `--disable-features` switches in
 * `launcherFlags` name, then `features`. Chromium keeps only the last of a repeated switch, so a
 * second one of our own would enable again everything a launcher's defaults disable
 * (docs/decisions/0104).
 */
export function disableFeatures(launcherFlags: readonly string[], features: readonly string[]): string {
  const prefix = "--disable-features=";
  const named = launcherFlags
    .filter((flag) => flag.startsWith(prefix))
    .flatMap((flag) => flag.slice(prefix.length).split(","))
    .filter((name) => name !== "");
  return prefix + [...new Set([...named, ...features])].join(",");
}
