import { globSync, readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";

const SERVER_TESTS = [
  "packages/*/src/**/*.test.ts",
  "apps/server/src/**/*.test.ts",
  "apps/server/test/**/*.test.ts",
  "scripts/**/*.test.ts",
];

/**
 * Test files that replace a module with `vi.mock` (node:crypto, node:fs). A replacement holds only in a
 * module graph of the file's own, so these run isolated; every other file shares its worker's
 * modules, which does not load the server's few hundred modules again for each of ~100 files
 * (docs/decisions/0081). Found by reading the files, so a new mocking file goes where it works.
 */
const MOCKS_A_MODULE = /\bvi\.(mock|doMock|unmock)\(/;
const mocking = (patterns: string[]) =>
  globSync(patterns, { exclude: (path) => path.includes("node_modules") }).filter((file) =>
    MOCKS_A_MODULE.test(readFileSync(file, "utf8")),
  );
const serverMocking = mocking(SERVER_TESTS);
// The back office's page tests share their modules with no isolated project beside them: a page gets
// what a test would mock passed in instead (`renderPage(…, { me })`).
const pageMocking = mocking(["apps/admin/src/**/*.test.{ts,tsx}"]);
if (pageMocking.length > 0) {
  throw new Error(`${pageMocking.join(", ")}: vi.mock does not hold where modules are shared (ADR 0081)`);
}

/**
 * Vitest's default on a 2-core machine is one file at a time; most API test files wait on a database,
 * a fake gateway or a timer rather than the CPU, so three at a time finish sooner (ADR 0043 has the
 * figures). Every project names it: Vitest runs projects side by side only when their workers match.
 */
const WORKERS = 3;

const serverProject = {
  environment: "node" as const,
  maxWorkers: WORKERS,
  // A bound, not a target: on a slower 2-core machine, with the browser suites beside them,
  // tests that take 3 s alone took over 30 s (ADR 0043).
  testTimeout: 90_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      {
        test: {
          ...serverProject,
          name: "node",
          include: SERVER_TESTS,
          exclude: ["**/node_modules/**", ...serverMocking],
          // The modules stay loaded from one file to the next in a worker (ADR 0081).
          isolate: false,
          // The run's database templates, which each test file copies (ADR 0043).
          globalSetup: ["./apps/server/test/support/vitest-global-setup.ts"],
        },
      },
      {
        // Without the templates' globalSetup: a file here that needs a database makes it from nothing.
        test: {
          ...serverProject,
          name: "node (own modules)",
          include: serverMocking,
          isolate: true,
        },
      },
      {
        extends: "./apps/web/vite.config.ts",
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          pool: "vmThreads",
          setupFiles: ["./apps/web/src/test/setup.ts"],
          // Isolated: the storefront keeps state at module level (the chat's session, the toasts), and
          // its tests failed now and then when sharing modules. Each file gets its own VM context in a
          // reused thread, not a new worker with a new DOM: 78 → 29 CPU-s (docs/decisions/0103).
          maxWorkers: WORKERS,
          // A bound, not a target, and above Testing Library's 10 s wait (ADR 0081): beside the browser
          // suites on a slower 2-core machine a checkout test that takes 0.5 s alone passed 5 s.
          testTimeout: 60_000,
        },
      },
      // The back office's kit and pages: their own config, which also runs them alone.
      "./apps/admin/vitest.config.ts",
    ],
  },
});
