// Each benchmark reports its headline figures through `figure(...)`: printed as it goes, and
// collected by bench/run.mjs (through BENCH_FIGURES_FILE) into one table and bench/results.json.
import { appendFileSync } from "node:fs";

/**
 * @param {string} bench short name of the benchmark (e.g. "dashboard")
 * @param {string} label what was measured
 * @param {number | string} value the measurement
 * @param {string} unit ms, req/s, KB, MB, x...
 * @param {{ target?: string, met?: boolean }} [goal] the target and whether it was met
 */
export function figure(bench, label, value, unit, goal = {}) {
  const shown =
    typeof value === "number"
      ? Number.isInteger(value)
        ? String(value)
        : value.toFixed(1)
      : value;
  const verdict = goal.target ? `   target ${goal.target}: ${goal.met ? "met" : "NOT MET"}` : "";
  console.log(`  ${label.padEnd(48)} ${shown} ${unit}${verdict}`);
  const file = process.env.BENCH_FIGURES_FILE;
  if (file) appendFileSync(file, `${JSON.stringify({ bench, label, value, unit, ...goal })}\n`);
}
