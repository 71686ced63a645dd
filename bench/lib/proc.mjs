// Process figures for benchmarks: the workerd that serves a given wrangler dev (a descendant of
// its process, not just the newest workerd on a machine shared with other servers), and its
// resident memory.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const children = (pid) => {
  try {
    return execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)])
      .toString()
      .split("\n")
      .map((s) => Number(s.trim()))
      .filter(Boolean);
  } catch {
    return [];
  }
};
const commandOf = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "";
  }
};

const argsOf = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  } catch {
    return [];
  }
};

/**
 * The workerd that runs the Worker under a wrangler dev process (with the local D1, R2 and
 * Queues simulators in the same process). wrangler dev starts two: its proxy, which listens on
 * the dev port and forwards every request, and this one, which it starts with an inspector
 * address. The first one found used to be returned, and that was the proxy.
 */
export function workerdUnder(rootPid) {
  const found = [];
  const queue = [rootPid];
  while (queue.length) {
    const pid = queue.shift();
    if (pid !== rootPid && commandOf(pid) === "workerd") found.push(pid);
    queue.push(...children(pid));
  }
  const worker = found.find((pid) => argsOf(pid).some((a) => a.startsWith("--inspector-addr")));
  if (worker) return worker;
  if (found.length === 1) return found[0];
  throw new Error(`no Worker's workerd among ${found.length} under process ${rootPid}`);
}

export const rssMB = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024;

/** Every local D1 file of a wrangler dev state folder: one per binding (DB, CONTENT_1, ...). */
export function d1Files(persistTo) {
  const dir = path.join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite")
    .map((f) => path.join(dir, f));
  if (files.length === 0) throw new Error(`no D1 file under ${dir}`);
  return files;
}

// Miniflare names the files by a hash, not by binding, so each one is asked what it holds.
const CENSUS = `
import json, sqlite3, sys
out = []
for file in json.loads(sys.argv[1]):
    db = sqlite3.connect(f"file:{file}?mode=ro", uri=True)
    tables = {r[0] for r in db.execute("select name from sqlite_master where type = 'table'")}
    count = lambda t, where="", args=(): db.execute(f"select count(*) from {t} {where}", args).fetchone()[0] if t in tables else 0
    out.append({"file": file, "primary": "users" in tables,
                "organizations": count("organizations"),
                "videosOf": count("videos", "where organization_id = ?", (sys.argv[2],))})
print(json.dumps(out))
`;

/**
 * What each local D1 file holds: its size, whether it is the primary database (it has the
 * accounts tables), how many organisations it holds (in a content database: one stub row each),
 * and how many videos of `organizationId` are in it.
 */
export function d1Census(persistTo, organizationId = "") {
  const files = d1Files(persistTo);
  const rows = JSON.parse(
    execFileSync("python3", ["-c", CENSUS, JSON.stringify(files), organizationId]).toString(),
  );
  // Recent writes may still sit in the write-ahead log next to the file.
  const size = (file) => (existsSync(file) ? statSync(file).size : 0);
  return rows.map((row) => ({ ...row, bytes: size(row.file) + size(`${row.file}-wal`) }));
}

/** The local D1 file that holds an organisation's videos (its content database). */
export function d1FileOf(persistTo, organizationId) {
  const holder = d1Census(persistTo, organizationId)
    .filter((row) => row.videosOf > 0)
    .sort((a, b) => b.videosOf - a.videosOf)[0];
  if (!holder) throw new Error(`no D1 file under ${persistTo} holds videos of ${organizationId}`);
  return holder.file;
}
