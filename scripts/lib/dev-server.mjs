// Starts the Worker locally (wrangler dev + local D1/R2/Queues/DO in workerd) for `npm start`,
// the browser suite and the benchmarks. Plain ESM so it runs without a build step.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");
const wranglerBin = path.join(root, "node_modules", ".bin", "wrangler");
const viteBin = path.join(root, "node_modules", ".bin", "vite");

/**
 * Builds the client into dist/client (what the Worker serves as static assets). Local builds (the
 * demo, the browser tests, the benchmarks) are the "specially flagged build" with Merge Same on;
 * `npm run build` for deployment leaves it off unless VITE_MERGE_SAME=1 is set. Local builds also
 * carry the page that fails on purpose (VITE_TEST_ROUTES, /__crash-test) for the error tests.
 */
export function buildClient({ quiet = false } = {}) {
  const r = spawnSync(viteBin, ["build", "--logLevel", quiet ? "error" : "warn"], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      VITE_MERGE_SAME: process.env.VITE_MERGE_SAME ?? "1",
      VITE_TEST_ROUTES: process.env.VITE_TEST_ROUTES ?? "1",
    },
  });
  if (r.status !== 0) throw new Error("client build failed");
}

/**
 * Local secrets live in .dev.vars (git-ignored). Created once with random values, kept after,
 * so sessions and encrypted API keys stay valid across restarts.
 */
export function ensureDevVars(file = path.join(root, ".dev.vars")) {
  if (existsSync(file)) return file;
  const b64 = () => randomBytes(32).toString("base64");
  writeFileSync(file, `JWT_SECRET="${b64()}"\nENCRYPTION_KEY="${b64()}"\n`, { mode: 0o600 });
  return file;
}

/** Every D1 binding in wrangler.toml: the primary database and the content databases. */
export function d1Bindings(file = path.join(root, "wrangler.toml")) {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/\[\[d1_databases\]\]\s*\nbinding = "([A-Z0-9_]+)"/g)].map((m) => m[1]);
}

/** Applies each database's migrations (its migrations_dir in wrangler.toml) to the local copies. */
export function applyMigrations({ persistTo } = {}) {
  for (const binding of d1Bindings()) {
    const args = ["d1", "migrations", "apply", binding, "--local"];
    if (persistTo) args.push("--persist-to", persistTo);
    const r = spawnSync(wranglerBin, args, {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, CI: "1" },
    });
    if (r.status !== 0) {
      process.stderr.write(r.stdout?.toString() ?? "");
      process.stderr.write(r.stderr?.toString() ?? "");
      throw new Error(`applying D1 migrations to ${binding} failed`);
    }
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {net.AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the app did not become healthy at ${url} within ${timeoutMs} ms`);
}

/** One change of each patch file in patches/ (patch-package applies a file whole or not at all). */
const patchedFiles = [
  [
    "node_modules/wrangler/node_modules/miniflare/dist/src/workers/assets/rpc-proxy.worker.js",
    "async scheduled(",
  ],
  ["node_modules/wrangler/wrangler-dist/ProxyWorker.js", "requestAttempts"],
];

/**
 * The local cron, queue and dev proxy only work as they should with patches/ applied
 * (patches/README.md). An install that skipped scripts (`--ignore-scripts`) would leave every
 * cron firing at 500, the queue liable to stop for good and some reads waiting for the next.
 */
function assertPatchesApplied() {
  for (const [file, change] of patchedFiles) {
    const full = path.join(root, file);
    if (existsSync(full) && !readFileSync(full, "utf8").includes(change))
      throw new Error(
        `node_modules is missing patches/ (${file} is unpatched; the local cron, queue and proxy would misbehave): run \`npx patch-package\``,
      );
  }
}

/**
 * Starts `wrangler dev` and resolves once /api/health answers. `persistTo` keeps local state
 * in a chosen folder (tests use a fresh temporary one; `npm start` uses .wrangler/state).
 * `logFile` also appends the server's output to a file (the browser tests read the Worker's log).
 * `inspectorPort` opens wrangler's inspector there (bench/lib/isolate-heap.mjs reads it).
 */
export async function startDevServer({
  port,
  persistTo,
  vars = {},
  stdio = "pipe",
  timeoutMs = 90_000,
  logFile,
  inspectorPort,
} = {}) {
  assertPatchesApplied();
  // worker/dev.ts: production's entry plus the sandbox emulators (deploys use wrangler.toml's main).
  const args = [
    "dev",
    "worker/dev.ts",
    "--port",
    String(port),
    "--ip",
    "127.0.0.1",
    "--log-level",
    "warn",
    "--show-interactive-dev-session=false",
  ];
  // A bench that reads the Worker's heap names the inspector's port (wrangler's default, 9229,
  // would clash between servers).
  if (inspectorPort) args.push("--inspector-port", String(inspectorPort));
  if (persistTo) {
    mkdirSync(persistTo, { recursive: true });
    args.push("--persist-to", persistTo);
  }
  // Local runs always use the sandbox providers and development mode (wrangler.toml holds the
  // production values, where the sandbox is off).
  for (const [k, v] of Object.entries({ APP_ENV: "development", SANDBOX: "1", ...vars }))
    args.push("--var", `${k}:${v}`);
  const child = spawn(wranglerBin, args, {
    cwd: root,
    stdio: ["ignore", stdio, stdio],
    // CLOUDFLARE_CF_FETCH_ENABLED=false: wrangler would otherwise fetch a sample `request.cf`
    // from workers.cloudflare.com on every start (the app reads none of it). Offline, that
    // printed a warning with a stack trace that looked like a failed start.
    env: { ...process.env, CI: "1", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  });
  let output = "";
  if (stdio === "pipe") {
    // With logFile, the Worker's log also goes to a file a test can read while the server runs.
    const capture = (d) => {
      output += d;
      if (logFile) appendFileSync(logFile, d);
    };
    child.stdout.on("data", capture);
    child.stderr.on("data", capture);
  }
  const url = `http://localhost:${port}`;
  try {
    await waitForHealth(url, child, timeoutMs);
  } catch (error) {
    child.kill("SIGTERM");
    throw new Error(`${error instanceof Error ? error.message : error}\n${output.slice(-4000)}`);
  }
  return {
    url,
    child,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(undefined);
        child.once("exit", () => resolve(undefined));
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5000).unref();
      }),
  };
}

export const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));
