// What every benchmark starts from: the client built, a fresh temporary database with the
// migrations applied, and `wrangler dev` with the sandbox providers on a free port.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  applyMigrations,
  buildClient,
  ensureDevVars,
  freePort,
  startDevServer,
} from "../../scripts/lib/dev-server.mjs";

export const DEMO_ADMIN = { email: "demo.admin@crosscast.test", password: "crosscast-demo-admin" };

/** Starts the app for one benchmark; `stop()` ends it and deletes its database. */
export async function startBenchServer(name, { inspector = false } = {}) {
  buildClient({ quiet: true });
  ensureDevVars();
  const persistTo = mkdtempSync(path.join(os.tmpdir(), `crosscast-bench-${name}-`));
  applyMigrations({ persistTo });
  // BENCH_PORT pins the port (engineers share the machine and keep to their own ranges).
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const inspectorPort = inspector ? await freePort() : undefined;
  const server = await startDevServer({ port, persistTo, inspectorPort });
  return {
    url: server.url,
    /** The local state folder (the D1 SQLite file lives under it). */
    persistTo,
    /** wrangler's inspector (asked for with `inspector: true`): the Worker's isolate. */
    inspectorPort,
    /** The wrangler process (its workerd is a descendant). */
    pid: server.child.pid,
    /** What wrangler printed so far (warnings and errors: it runs with --log-level warn). */
    output: () => server.output(),
    async stop() {
      await server.stop();
      rmSync(persistTo, { recursive: true, force: true });
    },
  };
}

/** The demo admin's access token. */
export async function signInDemo(url) {
  const res = await fetch(`${url}/api/auth/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO_ADMIN),
  });
  if (!res.ok) throw new Error(`sign-in: HTTP ${res.status}`);
  return (await res.json()).accessToken;
}

/**
 * Prepares the app under test ("this") and, given another checkout's path, that checkout's app
 * too ("baseline"), so a bench can interleave before and after in one run. Each prepared app is
 * pushed into `apps` as soon as it exists, so the caller can stop what was started if a later
 * one fails.
 */
export async function prepareWithBaseline(apps, prepare, baseline) {
  apps.push(await prepare("this", startBenchServer));
  if (!baseline) return;
  const other = await import(path.join(path.resolve(baseline), "bench/lib/server.mjs"));
  // A pinned BENCH_PORT is this app's; the baseline takes the next port, not the same one.
  if (Number(process.env.BENCH_PORT))
    process.env.BENCH_PORT = String(Number(process.env.BENCH_PORT) + 1);
  apps.push(await prepare("baseline", other.startBenchServer));
}
