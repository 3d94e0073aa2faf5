// Shares of chosen frames in bench/pages profiles (docs/decisions/0067): the last SHARES_SECONDS of
// each profile (the load window ends just before the server is stopped), inclusive and self.
//   npx tsx render/shares.ts a.cpuprofile b.cpuprofile
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { attribute, type CpuProfile } from "../pages/cpu-profile.js";

const SECONDS = Number(process.env.SHARES_SECONDS ?? 10);
const FRAMES = (
  process.env.SHARES_FRAMES ??
  "performWork,LinkWithRef,NavLinkWithRef,AppLink,AppNavLink,useResolvedPath,doInject,parseJsonPayload,dehydrate,safeJson,(garbage collector),processChunk,writev"
).split(",");
for (const file of process.argv.slice(2)) {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const a = attribute(profile, profile.endTime - (SECONDS + 0.5) * 1e6, profile.endTime - 0.5e6);
  console.log(`\n${basename(file)}: busy ${a.busyMs.toFixed(0)} ms in the last ${SECONDS} s`);
  const share = (rows: [string, number][], name: string) =>
    rows.filter(([k]) => k === name || k.startsWith(`${name} `)).reduce((sum, [, ms]) => sum + ms, 0) / a.busyMs;
  for (const name of FRAMES)
    console.log(
      `  ${name.padEnd(22)} inclusive ${(100 * share(a.inclusiveByFrame, name)).toFixed(1).padStart(5)} %  self ${(100 * share(a.selfByFrame, name)).toFixed(1).padStart(5)} %`,
    );
  for (const [pkg, ms] of a.selfByPackage.slice(0, 12))
    console.log(`  package ${pkg.padEnd(34)} ${((100 * ms) / a.busyMs).toFixed(1).padStart(5)} %`);
}
