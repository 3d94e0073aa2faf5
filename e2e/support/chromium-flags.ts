// Headless Chromium's flags on this kind of machine (no network beyond loopback), shared by the
// browser suites and bench/lighthouse. Kept apart from browser.ts, whose page helpers need the DOM
// types that the bench's compilation does not load.
export const CHROMIUM_FLAGS: string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // Chromium 156 loads the address bar's suggestion popup (chrome://omnibox-popup.top-chrome, a
  // WebUI with its own renderer) in every headless launch, where nobody types in an address bar:
  // about 2 s of CPU per launch, while the first page loads (docs/decisions/0100).
  "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
];
