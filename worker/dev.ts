/*
 * The Worker as development runs it (`npm start`, the browser suite, the benches: see
 * scripts/lib/dev-server.mjs): production's entry plus the sandbox emulators. Deploys use
 * worker/index.ts (wrangler.toml's `main`), which never imports worker/sandbox/.
 */
import "./sandbox/install";

export * from "./index";
export { default } from "./index";
