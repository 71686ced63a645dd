import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The client is built into dist/client, which the Worker serves as static assets.
export default defineConfig({
  root: "client",
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      output: {
        // Long-lived vendor chunks for what every page needs: React, the router and TanStack Query
        // change less often than app code. Everything else (radix parts, TanStack Table and
        // Virtual, charts, dnd-kit) is left to code splitting, so a page loads only what it uses.
        manualChunks(id: string) {
          if (!id.includes("node_modules")) return undefined;
          if (/node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id))
            return "react";
          if (/node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/.test(id))
            return "query";
          return undefined;
        },
      },
    },
  },
  server: {
    proxy: { "/api": "http://localhost:8787", "/dev": "http://localhost:8787" },
  },
});
