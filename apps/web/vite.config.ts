import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist/client",
    manifest: true,
    // One small stylesheet for every screen: server-rendered HTML is styled before any JS runs (no CLS).
    cssCodeSplit: false,
    rollupOptions: { input: "src/entry-client.tsx" },
  },
  // The workspace packages ship TypeScript sources: the SSR bundle carries them, so a production
  // install needs none of them (e2e/production-install.e2e.ts).
  ssr: { noExternal: [/^@yj\//] },
});
