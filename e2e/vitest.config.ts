import { defineConfig } from "vitest/config";

// Browser and process tests against the built server (npm run build first; npm test does).
export default defineConfig({
  test: {
    include: ["**/*.e2e.ts"],
    // Generous: a test that starts a server and seeds it may run on a loaded machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One server and one Chromium at a time: the machine has two cores.
    fileParallelism: false,
  },
});
