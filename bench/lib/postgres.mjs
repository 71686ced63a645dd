// A throw-away PostgreSQL 15 cluster for the benchmarks' reference figures: initdb into a
// temporary folder, listening only on a Unix socket there, removed by stop(). Needs Debian's
// `postgresql` package (apt-get install postgresql); without it, `startPostgres()` returns null
// and the caller prints why the reference is skipped.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const binDir = "/usr/lib/postgresql/15/bin";

export async function startPostgres() {
  if (!existsSync(path.join(binDir, "initdb"))) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), "crosscast-pg-"));
  // PostgreSQL refuses to run as root: run it as the unprivileged "postgres" user when we are root.
  const asUser = process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--"] : [];
  if (asUser.length) execFileSync("chown", ["-R", "postgres", dir]);
  const run = (bin, args) => {
    const [cmd, ...rest] = [...asUser, path.join(binDir, bin), ...args];
    const r = spawnSync(cmd, rest, { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`${bin}: ${r.stderr || r.stdout}`);
    return r.stdout;
  };
  const data = path.join(dir, "data");
  run("initdb", ["-D", data, "-U", "bench", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  run("pg_ctl", [
    "-D",
    data,
    "-l",
    path.join(dir, "log"),
    "-o",
    `-k ${dir} -c listen_addresses='' -c shared_buffers=256MB -c fsync=off`,
    "-w",
    "start",
  ]);
  const psqlArgs = ["-h", dir, "-U", "bench", "-d", "postgres", "-v", "ON_ERROR_STOP=1", "-q"];
  return {
    /** Runs a psql script (stdin) and returns its output. */
    psql(script, extra = []) {
      const [cmd, ...rest] = [...asUser, "/usr/bin/psql", ...psqlArgs, ...extra];
      const r = spawnSync(cmd, rest, { input: script, encoding: "utf8", maxBuffer: 1 << 30 });
      if (r.status !== 0) throw new Error(`psql: ${r.stderr}`);
      return r.stdout;
    },
    stop() {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
