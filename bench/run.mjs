// `npm run bench`: runs every bench/*.bench.mjs in turn (or those whose names contain an
// argument), then prints one table of the headline figures and writes bench/results.json.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.mjs") && (only.length === 0 || only.some((o) => f.includes(o))))
  .sort();
const tmp = mkdtempSync(path.join(os.tmpdir(), "crosscast-bench-"));
const figuresFile = path.join(tmp, "figures.jsonl");
const failed = [];
for (const file of files) {
  console.log(`\n## ${file}`);
  const started = Date.now();
  const r = spawnSync(process.execPath, [path.join(dir, file)], {
    stdio: "inherit",
    env: { ...process.env, BENCH_FIGURES_FILE: figuresFile },
  });
  console.log(`  (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  if (r.status !== 0) failed.push(file);
}

const figures = existsSync(figuresFile)
  ? readFileSync(figuresFile, "utf8")
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l))
  : [];
rmSync(tmp, { recursive: true, force: true });
const rows = figures.map((f) => [
  f.bench,
  f.label,
  `${typeof f.value === "number" && !Number.isInteger(f.value) ? f.value.toFixed(1) : f.value} ${f.unit}`,
  f.target ?? "",
  f.target ? (f.met ? "met" : "NOT MET") : "",
]);
const header = ["bench", "figure", "value", "target", ""];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(" | ")} |`;
console.log(
  `\n# Results (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.versions.node})\n`,
);
console.log(line(header));
console.log(`| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`);
for (const r of rows) console.log(line(r));
if (failed.length) console.log(`\nFailed: ${failed.join(", ")}`);
// A partial run (arguments) does not overwrite the full table.
if (only.length === 0) {
  writeFileSync(
    path.join(dir, "results.json"),
    `${JSON.stringify({ date: new Date().toISOString(), machine: { cores: os.cpus().length, memoryGB: Math.round(os.totalmem() / 2 ** 30), node: process.versions.node }, figures, failed }, null, 2)}\n`,
  );
}
process.exit(failed.length ? 1 : 0);
