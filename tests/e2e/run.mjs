// `npm run test:e2e`: build the client, start the app on a free port with a fresh database,
// run the browser tests (node:test + playwright-core + Debian's Chromium), stop the app.
//
// Arguments: words filter the files by name (`npm run test:e2e -- tables reports`); the flags
// prove the files independent of each other (each makes its own organisation and users):
//   --reverse      files in reverse alphabetical order
//   --shuffle[=N]  files in a random order (seed N, printed so a failing order can be replayed)
//   --repeat=N     the whole run N times on the same server and database
// and for the random walk (monkey.test.mjs, `npm run test:monkey`):
//   --seeds=1,2,3  the walks to take (odd seeds as the admin, even as the standard user)
//   --minutes=N    the time for all walks together, shared equally between the seeds
// Flags that take a value accept "--name=value" and "--name value".
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
import { seededRandom } from "./seeded-random.mjs";
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
// The Worker's log also goes to a file the tests can read (client error reports land there).
const serverLog = path.join(persistTo, "server.log");
const server = await startDevServer({ port, persistTo, logFile: serverLog });

// Whatever happens from here (a failed seed, a crashed runner), the server is stopped and the
// temporary database removed, so no wrangler process outlives the suite.
let code = 1;
try {
  const seeded = await fetch(`${server.url}/dev/seed?content=none`, { method: "POST" });
  if (!seeded.ok) throw new Error(`seeding the demo organisation failed: HTTP ${seeded.status}`);
  console.log(`e2e: app at ${server.url}`);

  const { words: only, flags } = parseArgs(process.argv.slice(2));
  if (flags.has("--seeds")) process.env.MONKEY_SEEDS = String(flags.get("--seeds"));
  const minutes = Number(flags.get("--minutes") ?? 0);
  if (minutes > 0) {
    const walks = (process.env.MONKEY_SEEDS ?? "1,2").split(",").length;
    process.env.MONKEY_SECONDS = String(Math.floor((minutes * 60) / walks));
  }
  const dir = path.join(root, "tests", "e2e");
  let files = readdirSync(dir)
    .filter(
      (f) => f.endsWith(".test.mjs") && (only.length === 0 || only.some((o) => f.includes(o))),
    )
    .sort();
  if (flags.has("--reverse")) files.reverse();
  if (flags.has("--shuffle")) {
    const given = flags.get("--shuffle");
    const seed = Number(given === true ? Date.now() % 100_000 : given);
    files = shuffled(files, seed);
    console.log(`e2e: --shuffle=${seed}`);
  }
  const repeat = Number(flags.get("--repeat") ?? 1);
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
      env: {
        ...process.env,
        E2E_BASE_URL: server.url,
        E2E_PORT: String(port),
        E2E_SERVER_LOG: serverLog,
      },
    });
    child.on("exit", (c) => resolve(c ?? 1));
  });
}

/** Words (file filters) and flags ("--name", "--name=value", "--name value"). */
function parseArgs(argv) {
  const takesValue = new Set(["--seeds", "--minutes", "--repeat"]);
  const words = [];
  const flags = new Map();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith("--")) words.push(arg);
    else if (arg.includes("=")) flags.set(arg.slice(0, arg.indexOf("=")), arg.split("=")[1]);
    else if (takesValue.has(arg) && argv[i + 1] && !argv[i + 1].startsWith("--"))
      flags.set(arg, argv[++i]);
    else flags.set(arg, true);
  }
  return { words, flags };
}

/** A seeded Fisher-Yates shuffle, so an order that failed can be run again. */
function shuffled(items, seed) {
  const random = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
