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
  ssr: { noExternal: ["@yj/contract"] },
});
