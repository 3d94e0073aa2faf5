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
];
