// The full Chromium that bench/lighthouse's runs drive (run.ts: performance, accessibility.ts:
// accessibility), launched by chrome-launcher with Lighthouse's own defaults kept.
import * as chromeLauncher from "chrome-launcher";
import {
  CHROMIUM_FLAGS,
  disableFeatures,
  LIGHTHOUSE_CHROMIUM,
  LIGHTHOUSE_DISABLED_FEATURES,
} from "../../e2e/support/chromium-flags.js";

/**
 * chrome-launcher's defaults disable Translate, RenderDocument and other features Lighthouse
 * measures without; our own features are added to that one switch, not given in a second one that
 * would replace it (docs/decisions/0104).
 */
export function lighthouseChromeFlags(): string[] {
  return [...CHROMIUM_FLAGS, disableFeatures(chromeLauncher.Launcher.defaultFlags(), LIGHTHOUSE_DISABLED_FEATURES)];
}

export function launchLighthouseChrome(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({ chromePath: LIGHTHOUSE_CHROMIUM, chromeFlags: lighthouseChromeFlags() });
}
