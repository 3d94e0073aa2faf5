// `npm run admin -- create <username>`: the back office's command line (apps/server/src/admin-cli.ts),
// built first when the build is missing or older than the sources.
import "./lib/require-node.mjs";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { newestMtime } from "./lib/newest-mtime.mjs";

const root = new URL("..", import.meta.url).pathname;
const entry = join(root, "apps/server/dist/admin-cli.js");
const sources = Math.max(...["packages/contract/src", "apps/server/src"].map((p) => newestMtime(join(root, p))));
if (!existsSync(entry) || statSync(entry).mtimeMs < sources) {
  const { status } = spawnSync("npm", ["run", "build", "-w", "apps/server"], { stdio: "inherit", cwd: root });
  if (status !== 0) process.exit(status ?? 1);
}
const child = spawn(process.execPath, ["--enable-source-maps", entry, ...process.argv.slice(2)], {
  stdio: "inherit",
  cwd: root,
});
child.on("exit", (code) => process.exit(code ?? 0));
