// Mutation score of shared/ (Stryker + the unit suite; see stryker.config.mjs for what is left
// out and why). Runs `stryker run` unless MUTATION_REPORT names an existing report to read.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { figure } from "./lib/figures.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let report = process.env.MUTATION_REPORT;
let seconds;
if (!report) {
  const started = Date.now();
  const run = spawnSync("npx", ["stryker", "run", "stryker.config.mjs"], {
    cwd: root,
    stdio: "inherit",
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
  seconds = (Date.now() - started) / 1000;
  report = path.join(root, "reports", "mutation", "mutation.json");
}

const { files } = JSON.parse(readFileSync(report, "utf8"));
const count = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0 };
for (const file of Object.values(files))
  for (const m of file.mutants) if (m.status in count) count[m.status]++;
const detected = count.Killed + count.Timeout;
const valid = detected + count.Survived + count.NoCoverage;
const score = (100 * detected) / valid;

figure("mutation", "mutation score of shared/ (unit suite)", score, "%", {
  target: ">= 85%",
  met: score >= 85,
});
figure("mutation", "mutants killed or timed out / valid", `${detected}/${valid}`, "");
figure("mutation", "mutants survived", count.Survived, "");
figure("mutation", "mutants without coverage", count.NoCoverage, "");
if (seconds !== undefined) figure("mutation", "Stryker run time", seconds, "s");
