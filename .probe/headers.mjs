import { mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { applyMigrations, ensureDevVars, freePort, root, startDevServer } from "../scripts/lib/dev-server.mjs";
ensureDevVars();
const persistTo = mkdtempSync(path.join(os.tmpdir(), "probe-"));
applyMigrations({ persistTo });
const port = await freePort();
const server = await startDevServer({ port, persistTo });
try {
  const js = readdirSync(path.join(root, "dist/client/assets")).find((f) => f.endsWith(".js"));
  for (const p of [`/assets/${js}`, "/assets/nope.js", "/_headers", "/dashboard", "/theme-init.js", "/api/health", "/api/nope"]) {
    const r = await fetch(server.url + p);
    const h = Object.fromEntries(["content-type", "x-content-type-options", "cache-control", "content-security-policy", "cross-origin-resource-policy"].map((k) => [k, r.headers.get(k)?.slice(0, 40)]));
    console.log(r.status, p, JSON.stringify(h));
    await r.arrayBuffer();
  }
} finally { await server.stop(); }
