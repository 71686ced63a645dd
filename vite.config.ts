import { execSync } from "node:child_process";
import { readFileSync } from "node:fs";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { apiDocsServerOnly } from "./scripts/vite/api-docs-server-only.ts";
import { zodWithoutJsonSchema } from "./scripts/vite/zod-without-json-schema.ts";
import { staticAssetHeadersFile } from "./shared/security-headers.ts";

/** "<package version>+<commit>", so an error report names the exact build that failed. */
function buildVersion() {
  const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
  try {
    const commit = execSync("git rev-parse --short HEAD", { stdio: ["ignore", "pipe", "ignore"] });
    return `${version}+${commit.toString().trim()}`;
  } catch {
    return version; // not a git checkout (an unpacked release)
  }
}

/**
 * Writes `_headers` for the built code under /assets/, which the asset server answers without
 * the Worker (wrangler.toml: run_worker_first), so those files carry the same security headers.
 */
function staticAssetHeaders(): Plugin {
  return {
    name: "crosscast-static-asset-headers",
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: "_headers",
        source: staticAssetHeadersFile(["/assets/*"]),
      });
    },
  };
}

// The client is built into dist/client, which the Worker serves as static assets.
export default defineConfig({
  root: "client",
  publicDir: "public",
  plugins: [
    react(),
    tailwindcss(),
    staticAssetHeaders(),
    zodWithoutJsonSchema(),
    apiDocsServerOnly(),
  ],
  define: { __BUILD_VERSION__: JSON.stringify(buildVersion()) },
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the app supports preloads modules itself (<link rel="modulepreload">:
    // Chromium 66, Firefox 115, Safari 17); the polyfill was 0.5 KB of the first load (issue 9)
    // spent on none of them. An older browser only loses the early fetch, not the page.
    modulePreload: { polyfill: false },
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
