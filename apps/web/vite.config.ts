import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The packages a server render runs: bundled into it, in their production builds (docs/decisions/0097). */
const RENDER_PACKAGES = [/^@yj\//, /^react($|\/)/, /^react-dom($|\/)/, /^react-router($|\/)/, /^@tanstack\//];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  build: {
    outDir: "dist/client",
    manifest: true,
    // One small stylesheet for every screen: server-rendered HTML is styled before any JS runs (no CLS).
    cssCodeSplit: false,
    rollupOptions: { input: "src/entry-client.tsx" },
  },
  // The workspace packages ship TypeScript sources: the SSR bundle carries them, so a production
  // install needs none of them (e2e/production-install.e2e.ts). React and the libraries around it are
  // carried too, with NODE_ENV fixed at "production": a build renders with React's production build
  // whatever NODE_ENV the server runs under (development's and the browser suites' test included).
  ssr: { noExternal: RENDER_PACKAGES },
  define: isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : {},
}));
