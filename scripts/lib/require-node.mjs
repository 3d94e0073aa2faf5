// Stops a command on a Node.js older than package.json's `engines` with a message that says what to
// install, instead of a crash deep inside a dependency that needs Node 22 (docs/decisions/0044).
// Written for old runtimes on purpose: nothing here may need a newer Node than the one it refuses.
import { readFileSync } from "node:fs";

const { engines } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
const [needMajor, needMinor = 0] = engines.node
  .replace(/^>=\s*/, "")
  .split(".")
  .map(Number);
const [major, minor] = process.versions.node.split(".").map(Number);

if (major < needMajor || (major === needMajor && minor < needMinor)) {
  console.error(
    [
      `悦家整装需要 Node.js ${needMajor}.${needMinor} 或更新版本（推荐 24 LTS），当前为 v${process.versions.node}。`,
      `This project needs Node.js ${needMajor}.${needMinor} or newer (24 LTS recommended); this is v${process.versions.node}.`,
      "Install Node.js 24 from https://nodejs.org/ (or your package manager), or without root:",
      "  npm install --prefix ~/.local/node24 node@24 && export PATH=~/.local/node24/node_modules/.bin:$PATH",
      "then run the command again.",
    ].join("\n"),
  );
  process.exit(1);
}
