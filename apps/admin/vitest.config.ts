// The back office's unit tests (kit and pages) in a browser-like DOM. The repository's vitest.config.ts runs
// them as the `admin` project; this file lets them run alone: `npx vitest run --config apps/admin/vitest.config.ts`.
import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: "admin",
      root: import.meta.dirname,
      include: ["src/**/*.test.{ts,tsx}"],
      environment: "happy-dom",
      setupFiles: ["./src/test/setup.ts"],
      // A page test clicks and types through a whole flow; beside the browser suites on 2 busy cores
      // the longest (project-detail's stage edits) took 19.7–24.9 s. A limit, not a timing assertion.
      testTimeout: 60_000,
      // The modules stay loaded from one file to the next in a worker (docs/decisions/0081).
      isolate: false,
      // As every project of the repository's config, which runs this beside them (its WORKERS).
      maxWorkers: 3,
    },
  }),
);
