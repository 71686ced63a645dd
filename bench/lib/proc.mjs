// Process figures for benchmarks: the workerd that serves a given wrangler dev (a descendant of
// its process, not just the newest workerd on a machine shared with other servers), and its
// resident memory.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
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

/** The workerd process under a wrangler dev process. */
export function workerdUnder(rootPid) {
  const queue = [rootPid];
  while (queue.length) {
    const pid = queue.shift();
    if (pid !== rootPid && commandOf(pid) === "workerd") return pid;
    queue.push(...children(pid));
  }
  throw new Error(`no workerd under process ${rootPid}`);
}

export const rssMB = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024;

/** The local D1 database file of a wrangler dev state folder (the largest .sqlite under d1/). */
export function d1File(persistTo) {
  const dir = path.join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".sqlite"))
    .map((f) => path.join(dir, f));
  if (files.length === 0) throw new Error(`no D1 file under ${dir}`);
  return files.sort((a, b) => b.length - a.length)[0];
}
