// Headless Chromium's flags on this kind of machine (no network beyond loopback), shared by the
// browser suites and bench/lighthouse. Kept apart from browser.ts, whose page helpers need the DOM
// types that the bench's compilation does not load.

/**
 * The browser suites' Chromium: Debian's `chromium-headless-shell`, the old headless mode without the
 * full browser's window, tab and profile machinery (docs/decisions/0102).
 */
export const SUITES_CHROMIUM = "/usr/bin/chromium-headless-shell";

/** bench/lighthouse's Chromium (both unless `CHROMIUM_PATH` names another). */
export const LIGHTHOUSE_CHROMIUM = "/usr/bin/chromium";

export const CHROMIUM_FLAGS: string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // The full Chromium 156 (bench/lighthouse's) loads the address bar's suggestion popup
  // (chrome://omnibox-popup.top-chrome, a WebUI with its own renderer) in every headless launch,
  // where nobody types in an address bar: about 2 s of CPU per launch, while the first page loads
  // (docs/decisions/0100). The headless shell has no address bar; the flag is harmless there.
  "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
];
