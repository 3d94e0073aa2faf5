// Starts the built server in this process, and once it answers /healthz writes one JSON line naming
// the npm packages whose CommonJS modules a start has loaded: a start loads what every start needs
// (docs/decisions/0095). Plain JavaScript: node runs it as a server entry (startServer's `entry`).
import { createRequire } from "node:module";

await import(new URL("../../apps/server/dist/server.js", import.meta.url).href);
const healthz = `http://127.0.0.1:${process.env.PORT}/healthz`;
for (;;) {
  const ok = await fetch(healthz).then(
    (res) => res.ok,
    () => false,
  );
  if (ok) break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const packageOf = (file) => {
  const [, inside] = file.split(/[\\/]node_modules[\\/]/).slice(-2);
  if (!inside) return undefined;
  const parts = inside.split(/[\\/]/);
  return parts[0]?.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
};
const files = Object.keys(createRequire(import.meta.url).cache);
const packages = [...new Set(files.map(packageOf).filter(Boolean))].sort();
console.log(JSON.stringify({ msg: "loaded packages", modules: files.length, packages }));
