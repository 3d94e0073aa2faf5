// `npm test`: everything, in the order a failure is cheapest to find: lint, types, unit and API
// tests, the production build, then the browser and process tests against the built server.
import { spawnSync } from "node:child_process";

const steps = [
  ["lint", "npx", ["biome", "check", "."]],
  ["types", "npm", ["run", "typecheck"]],
  ["unit and API tests", "npx", ["vitest", "run"]],
  ["build", "npm", ["run", "build"]],
  ["browser and process tests", "npm", ["run", "test:e2e"]],
];

const started = Date.now();
for (const [name, cmd, args] of steps) {
  const t0 = Date.now();
  console.log(`\n== ${name}: ${cmd} ${args.join(" ")}`);
  const { status } = spawnSync(cmd, args, { stdio: "inherit" });
  if (status !== 0) {
    console.error(`\n== ${name} failed (exit ${status})`);
    process.exit(status ?? 1);
  }
  console.log(`== ${name} ok (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}
console.log(`\n== all steps passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
