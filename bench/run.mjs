// `npm run bench`: runs every bench/*.bench.mjs in turn and prints their figures.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir).filter((f) => f.endsWith(".bench.mjs") && (only.length === 0 || only.some((o) => f.includes(o))));
let failed = 0;
for (const file of files) {
  console.log(`\n## ${file}`);
  const r = spawnSync(process.execPath, [path.join(dir, file)], { stdio: "inherit" });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
