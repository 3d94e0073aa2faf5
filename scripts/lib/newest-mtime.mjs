// When a tree of sources last changed, to tell whether a build is older than its sources. Plain
// JavaScript so `npm start` (plain node, before any build) and the TypeScript benches share it.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * The newest modification time (ms) of a file, or of any file under a directory; 0 when absent.
 * @param {string} path
 * @returns {number}
 */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}
