// Side by side: two running servers (before, after), each page loaded on one then the other,
// alternating, server CPU per page from /proc. COMPARE=name=http://host:port@pid,name=…
import { loadavg } from "node:os";
import autocannon from "autocannon";
import { processCpuMs } from "../api/cpu.js";

const SECONDS = Number(process.env.RENDER_SECONDS ?? 8);
const ROUNDS = Number(process.env.RENDER_ROUNDS ?? 1);
const ENCODING = process.env.RENDER_ENCODING;
const CONNECTIONS = Number(process.env.RENDER_CONNECTIONS ?? 10);
const targets = (process.env.COMPARE ?? "").split(",").map((t) => {
  const [name, rest] = t.split("=") as [string, string];
  const [url, pid] = rest.split("@") as [string, string];
  return { name, url, pid: Number(pid) };
});
const PAGES = (
  process.env.RENDER_PATHS ?? "/,/2-12,/app/product-detail/1,/packageDetails/151,/article-detail/73,/case"
).split(",");

async function load(url: string, seconds: number) {
  const headers: Record<string, string> = ENCODING ? { "accept-encoding": ENCODING } : {};
  const result = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: seconds, pipelining: 1, headers }, (error, r) =>
      error ? reject(error) : resolve(r),
    ),
  );
  return { ok: result["2xx"], other: result.non2xx + result.errors };
}

const rows: Record<string, string | number>[] = [];
for (const path of PAGES) {
  const row: Record<string, string | number> = { path };
  const samples: Record<string, number[]> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const t of targets) {
      await load(t.url + path, 2);
      const before = processCpuMs(t.pid) ?? 0;
      const r = await load(t.url + path, SECONDS);
      const cpu = (processCpuMs(t.pid) ?? 0) - before;
      samples[t.name] = [...(samples[t.name] ?? []), cpu / Math.max(1, r.ok)];
      if (r.other) row[`${t.name} non2xx`] = r.other;
    }
  }
  for (const [name, values] of Object.entries(samples)) {
    values.sort((a, b) => a - b);
    row[`${name} ms/page`] = Number((values[Math.floor(values.length / 2)] as number).toFixed(2));
  }
  row.load1m = loadavg()[0]?.toFixed(1) ?? "";
  rows.push(row);
  console.error(JSON.stringify(row));
}
console.table(rows);
console.log(JSON.stringify(rows));
