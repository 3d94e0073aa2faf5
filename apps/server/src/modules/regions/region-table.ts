import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** Key in regions.json that lists the provinces (China's country code). */
export const ROOT_REGION_CODE = "86";

type RegionTable = Record<string, Record<string, string>>;

// Region codes are 2–9 digits; rejecting anything else up front keeps junk
// input (and keys like "__proto__") away from the table.
const CODE_PATTERN = /^\d{2,9}$/;

let table: RegionTable | undefined;

// The module runs from apps/server/src/modules/regions (tsx, vitest) or from the
// bundled apps/server/dist/server.js, so walk up instead of a fixed relative path.
function findRegionsFile(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, "assets", "regions.json");
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error("assets/regions.json not found; run `npm run regions`");
    dir = parent;
  }
}

// Loaded lazily: the file is ~1.2 MB and most requests never need it.
function loadTable(): RegionTable {
  table ??= JSON.parse(readFileSync(findRegionsFile(), "utf8")) as RegionTable;
  return table;
}

/** Children of a region as {code: name}; null for unknown codes and leaf regions. */
export function getRegionChildren(code: string): Record<string, string> | null {
  if (!CODE_PATTERN.test(code)) return null;
  const regions = loadTable();
  return Object.hasOwn(regions, code) ? (regions[code] ?? null) : null;
}
