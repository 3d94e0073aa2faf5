// `npm start`: builds when the sources are newer than the build, then runs the server.
// A fresh clone needs nothing else: the server creates ./data and loads the demo shop.
import "./lib/require-node.mjs";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { newestMtime } from "./lib/newest-mtime.mjs";

const root = new URL("..", import.meta.url).pathname;
const serverEntry = join(root, "apps/server/dist/server.js");
const webManifest = join(root, "apps/web/dist/client/.vite/manifest.json");
const adminPage = join(root, "apps/admin/dist/index.html");

const sources = Math.max(
  ...["packages/contract/src", "apps/server/src", "apps/web/src", "apps/admin/src"].map((p) =>
    newestMtime(join(root, p)),
  ),
);
const outputs = [serverEntry, webManifest, adminPage];
const built = outputs.every(existsSync) ? Math.min(...outputs.map((f) => statSync(f).mtimeMs)) : 0;

if (built < sources) {
  console.log("Building the storefront (first start or changed sources)…");
  const { status } = spawnSync("npm", ["run", "build"], { stdio: "inherit", cwd: root });
  if (status !== 0) process.exit(status ?? 1);
}

const child = spawn(process.execPath, ["--enable-source-maps", serverEntry], { stdio: "inherit", cwd: root });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
