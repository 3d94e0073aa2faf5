// `npm run seed [-- --force]`: the command's own code, apart from opening the database, so a test
// runs it on a real one. A refusal answers ok: false (exit code 1) with the reason, changing nothing.
import type { Db } from "../client.js";
import { DemoDataRefusedError, loadDemoData } from "./load-demo.js";

export const SEED_USAGE = "usage: npm run seed [-- --force]";

export interface SeedResult {
  ok: boolean;
  lines: string[];
}

export async function runSeedCommand(db: Db, args: readonly string[]): Promise<SeedResult> {
  const unknown = args.filter((arg) => arg !== "--force");
  if (unknown.length > 0) return { ok: false, lines: [`Unknown argument: ${unknown.join(" ")}`, SEED_USAGE] };
  try {
    await loadDemoData(db, { reset: true, force: args.includes("--force") });
    return { ok: true, lines: ["Demo data reset"] };
  } catch (error) {
    if (!(error instanceof DemoDataRefusedError)) throw error;
    return { ok: false, lines: [error.message] };
  }
}
