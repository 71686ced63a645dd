// What the operator scripts (move-organization, database-capacity) share: the Worker's own
// TypeScript modules, loaded through Vite's module runner so the scripts run the product's code
// rather than a copy, and the bindings of a wrangler config through wrangler's getPlatformProxy.
import path from "node:path";
import { runnerImport } from "vite";
import { getPlatformProxy } from "wrangler";
import { root } from "./dev-server.mjs";

/** A module of the Worker (path from the repository root), e.g. "worker/lib/content-databases.ts". */
export const loadWorkerModule = async (file) =>
  (await runnerImport(path.join(root, file), { configFile: false, logLevel: "error" })).module;

/**
 * The bindings of `config` (default: the project's wrangler.toml) over the local state `npm start`
 * uses (.wrangler/state), or over `persistTo`. Call `dispose()` when done.
 */
export async function openPlatform({ persistTo, config } = {}) {
  const state = path.resolve(persistTo ?? path.join(root, ".wrangler", "state"));
  return getPlatformProxy({
    configPath: path.resolve(config ?? path.join(root, "wrangler.toml")),
    persist: { path: path.join(state, "v3") },
  });
}
