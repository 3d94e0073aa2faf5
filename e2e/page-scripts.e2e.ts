// The pages Lighthouse judges (docs/quality.md P6) load no zod: the schemas are the server's and the
// forms', and zod's code with the contract's schemas built at load cost a product page's main thread
// about a fifth of its script work (docs/decisions/0086). Read from the build's manifest: the entry
// and each page's screen with every chunk they import statically, as the browser loads them.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./support/server";

const CLIENT = join(ROOT, "apps/web/dist/client");

interface ManifestChunk {
  file: string;
  imports?: string[];
}

const manifest = JSON.parse(readFileSync(join(CLIENT, ".vite/manifest.json"), "utf8")) as Record<string, ManifestChunk>;

/** The chunk files that hold zod's core (its classes register under names such as `$ZodType`). */
const zodFiles = readdirSync(join(CLIENT, "assets")).filter(
  (file) => file.endsWith(".js") && readFileSync(join(CLIENT, "assets", file), "utf8").includes("$ZodType"),
);

/** A manifest entry and every chunk it imports statically, as files. */
function staticFiles(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticFiles(imported, seen);
  return seen;
}

const PAGES = {
  home: "src/features/home/home-screen.tsx",
  category: "src/features/catalog/screens/category-screen.tsx",
  product: "src/features/catalog/screens/product-screen.tsx",
  package: "src/features/catalog/screens/package-screen.tsx",
  "guide and case": "src/features/content/screens/article-screen.tsx",
  "/case": "src/features/content/screens/cases-screen.tsx",
};

describe("the judged pages' scripts", () => {
  it("finds zod in the build (else this test would prove nothing)", () => {
    expect(zodFiles.length).toBeGreaterThan(0);
  });

  it.each(Object.entries(PAGES))("%s loads no zod", (_name, screen) => {
    const files = [...staticFiles("src/entry-client.tsx"), ...staticFiles(screen)].map((key) => manifest[key]?.file);
    expect(files.length).toBeGreaterThan(2);
    expect(files.filter((file) => zodFiles.some((z) => file?.endsWith(z)))).toEqual([]);
  });
});
