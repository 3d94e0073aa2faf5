// Bundles the server (and the workspace contract package, which ships as TypeScript) into dist/.
// npm dependencies stay external and load from node_modules, except drizzle-orm: hundreds of small
// ES modules under one 179 KB package.json that Node read again for each of them, about a fifth of
// a start's CPU (docs/decisions/0095).
import { build } from "esbuild";

const BUNDLED = /^drizzle-orm(\/|$)/;

await build({
  entryPoints: ["src/server.ts", "src/seed.ts", "src/admin-cli.ts", "src/backup.ts"],
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
  plugins: [
    {
      name: "external-npm-packages",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith("@yj/") || BUNDLED.test(args.path) ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
