// Locates files shipped with the server (migrations, assets) whether the code runs from
// src/ (tsx, vitest) or from the bundled dist/: walk up from this module until the file exists.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const found = new Map<string, string>();

export function serverFile(relativePath: string): string {
  const hit = found.get(relativePath);
  if (hit) return hit;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, relativePath);
    if (existsSync(candidate)) {
      found.set(relativePath, candidate);
      return candidate;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`Server file not found: ${relativePath}`);
    dir = parent;
  }
}
