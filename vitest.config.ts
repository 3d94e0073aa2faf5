import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one file at a time; most API test files wait on a
    // database, a fake gateway or a timer rather than the CPU, so three at a time finish sooner
    // (ADR 0043 has the figures).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: "node",
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/server/src/**/*.test.ts",
            "apps/server/test/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          environment: "node",
          // The run's database templates, which each test file copies (ADR 0043).
          globalSetup: ["./apps/server/test/support/vitest-global-setup.ts"],
          // A bound, not a target: on a slower 2-core machine, with the browser suites beside them,
          // tests that take 3 s alone took over 30 s (ADR 0043).
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: "./apps/web/vite.config.ts",
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: ["./apps/web/src/test/setup.ts"],
        },
      },
      // The back office's kit and pages: their own config, which also runs them alone.
      "./apps/admin/vitest.config.ts",
    ],
  },
});
