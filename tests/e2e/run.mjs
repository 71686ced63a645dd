// `npm run test:e2e`: build the client, start the app on a free port with a fresh database,
// run the browser tests (node:test + playwright-core + Debian's Chromium), stop the app.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  applyMigrations,
  buildClient,
  ensureDevVars,
  freePort,
  root,
  startDevServer,
} from "../../scripts/lib/dev-server.mjs";
import { CHROMIUM_PATH } from "./support.mjs";

if (!existsSync(CHROMIUM_PATH)) {
  console.error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  process.exit(1);
}

buildClient({ quiet: true });
ensureDevVars();
const persistTo = mkdtempSync(path.join(os.tmpdir(), "crosscast-e2e-"));
applyMigrations({ persistTo });
const port = await freePort();
const server = await startDevServer({ port, persistTo });

// Whatever happens from here (a failed seed, a crashed runner), the server is stopped and the
// temporary database removed, so no wrangler process outlives the suite.
let code = 1;
try {
  const seeded = await fetch(`${server.url}/dev/seed?content=none`, { method: "POST" });
  if (!seeded.ok) throw new Error(`seeding the demo organisation failed: HTTP ${seeded.status}`);
  console.log(`e2e: app at ${server.url}`);

  const only = process.argv.slice(2);
  const dir = path.join(root, "tests", "e2e");
  const files = readdirSync(dir)
    .filter(
      (f) => f.endsWith(".test.mjs") && (only.length === 0 || only.some((o) => f.includes(o))),
    )
    .map((f) => path.join(dir, f));

  code = await new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["--test", "--test-concurrency=1", "--test-reporter=spec", ...files],
      {
        stdio: "inherit",
        env: { ...process.env, E2E_BASE_URL: server.url, E2E_PORT: String(port) },
      },
    );
    child.on("exit", (c) => resolve(c ?? 1));
  });
} catch (error) {
  console.error(error);
} finally {
  await server.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
if (code !== 0) console.error(server.output().slice(-3000));
process.exit(code);
