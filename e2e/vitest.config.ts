import { defineConfig } from "vitest/config";

/**
 * The suites that hold the machine's ports between starts (an instance restarted on its old port
 * behind HAProxy, a port another suite could take meanwhile) and run up to four servers each: alone,
 * after the others (ADR 0043).
 */
const CLUSTER_SUITES = ["multi-instance.e2e.ts", "instance-loss.e2e.ts", "page-cache.e2e.ts"];

// Browser and process tests against the built server (npm run build first; npm test does).
const shared = {
  // Generous: a test that starts a server and seeds it may run on a loaded machine; the ones that
  // visit every page at several widths (axe, screenshots) took over 120 s on a slower one (ADR 0043).
  testTimeout: 300_000,
  hookTimeout: 120_000,
  // expect.poll returns as soon as the page shows what it waits for; its 1 s default is missed when
  // two suites share a loaded 2-core machine.
  expect: { poll: { timeout: 15_000 } },
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: "suites",
          include: ["**/*.e2e.ts"],
          exclude: ["**/node_modules/**", ...CLUSTER_SUITES],
          // Two at a time: each suite starts its own server on a free port with its own data directory
          // (or PostgreSQL database) and its own Chromium, and spends most of its time waiting on them.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
          // One seeded data directory that every suite's server starts on a copy of (ADR 0070).
          globalSetup: ["./support/data-template.ts"],
        },
      },
      {
        test: {
          ...shared,
          name: "cluster",
          include: CLUSTER_SUITES,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
