// `npm run test:e2e`: build the client, start the app on a free port with a fresh database,
// run the browser tests (node:test + playwright-core + Debian's Chromium), stop the app.
//
// Arguments: words filter the files by name (`npm run test:e2e -- tables reports`); the flags
// prove the files independent of each other (each makes its own organisation and users):
//   --reverse      files in reverse alphabetical order
//   --shuffle[=N]  files in a random order (seed N, printed so a failing order can be replayed)
//   --repeat=N     the whole run N times on the same server and database
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

  const args = process.argv.slice(2);
  const only = args.filter((a) => !a.startsWith("--"));
  const flag = (name) => args.find((a) => a === name || a.startsWith(`${name}=`));
  const dir = path.join(root, "tests", "e2e");
  let files = readdirSync(dir)
    .filter(
      (f) => f.endsWith(".test.mjs") && (only.length === 0 || only.some((o) => f.includes(o))),
    )
    .sort();
  if (flag("--reverse")) files.reverse();
  if (flag("--shuffle")) {
    const seed = Number(flag("--shuffle").split("=")[1] ?? Date.now() % 100_000);
    files = shuffled(files, seed);
    console.log(`e2e: --shuffle=${seed}`);
  }
  const repeat = Number(flag("--repeat")?.split("=")[1] ?? 1);
  console.log(`e2e: ${files.join(", ")}${repeat > 1 ? ` (x${repeat})` : ""}`);

  // One test process per file, in this order (node:test would otherwise order them itself),
  // all on the same server and database.
  code = 0;
  for (let round = 0; round < repeat && code === 0; round++) {
    for (const file of files) {
      code = await runFile(path.join(dir, file), server, port);
      if (code !== 0) break;
    }
  }
} catch (error) {
  console.error(error);
  code = 1;
} finally {
  await server.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
if (code !== 0) console.error(server.output().slice(-3000));
process.exit(code);

/** One node:test process for one file. */
function runFile(file, server, port) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--test", "--test-reporter=spec", file], {
      stdio: "inherit",
      env: { ...process.env, E2E_BASE_URL: server.url, E2E_PORT: String(port) },
    });
    child.on("exit", (c) => resolve(c ?? 1));
  });
}

/** A seeded Fisher-Yates shuffle (mulberry32), so an order that failed can be run again. */
function shuffled(items, seed) {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
