// P5: JavaScript the home page needs — the entry chunk, the home route chunk and every chunk they
// import statically — compressed with brotli (bar: ≤ 160 KB) and gzip (≈ 185 KB), from the Vite build.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const root = new URL("../..", import.meta.url).pathname;
const clientDir = join(root, "apps/web/dist/client");
const manifest = JSON.parse(readFileSync(join(clientDir, ".vite/manifest.json"), "utf8")) as Record<string, Chunk>;
const BAR_BROTLI_KB = 160;

function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  for (const k of keys) visit(k);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
const homeKey = Object.keys(manifest).find((k) => k.endsWith("features/home/home-screen.tsx"));
if (!entryKey || !homeKey) throw new Error("entry or home chunk not found in the manifest: run npm run build");

const rows = [...closure([entryKey, homeKey])].map((key) => {
  const file = manifest[key]!.file;
  const bytes = readFileSync(join(clientDir, file));
  return {
    chunk: key,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
});

const kb = (n: number) => (n / 1024).toFixed(1);
console.log("chunk".padEnd(60), "raw KB".padStart(8), "gzip KB".padStart(8), "br KB".padStart(8));
for (const r of rows.sort((a, b) => b.brotli - a.brotli)) {
  console.log(r.chunk.padEnd(60), kb(r.raw).padStart(8), kb(r.gzip).padStart(8), kb(r.brotli).padStart(8));
}
const total = rows.reduce((s, r) => ({ raw: s.raw + r.raw, gzip: s.gzip + r.gzip, brotli: s.brotli + r.brotli }), {
  raw: 0,
  gzip: 0,
  brotli: 0,
});
console.log("total".padEnd(60), kb(total.raw).padStart(8), kb(total.gzip).padStart(8), kb(total.brotli).padStart(8));
const pass = total.brotli / 1024 <= BAR_BROTLI_KB;
console.log(`\nP5 home JS: ${kb(total.brotli)} KB brotli (bar ≤ ${BAR_BROTLI_KB} KB) — ${pass ? "PASS" : "MISS"}`);
