// Bundles the server (and the workspace contract package, which ships as TypeScript) into dist/.
// npm dependencies stay external and load from node_modules.
import { build } from "esbuild";

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
          args.path.startsWith("@yj/") ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
