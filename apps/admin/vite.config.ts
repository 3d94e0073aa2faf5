// The back office's own bundle (docs/decisions/0030): served by the server under /admin, never by
// a storefront page.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  base: "/admin/",
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // antd is large; the console is used by staff on office machines, not measured like the storefront.
    chunkSizeWarningLimit: 2000,
  },
});
