// The operator's view of the databases (issue 17's capacity plan, docs/content-databases.md):
//   node scripts/database-capacity.mjs [--persist-to <dir>] [--config <wrangler config>]
// For the primary database and every content database bound in the config: its size now, the
// share of D1's 10 GB, how many organisations the directory places there, the size the hourly
// cron last stored for placement, and whether placement still puts new organisations there.
// A database at 80% or more prints "ALERT" (the same rule as the hourly `database_capacity`
// warning in the logs) and the script exits 2, so a scheduled run can page someone.
// It reads the local databases `npm start` uses (.wrangler/state) or those under --persist-to,
// through wrangler's getPlatformProxy.
import { parseArgs } from "node:util";
import { loadWorkerModule, openPlatform } from "./lib/local-platform.mjs";

const { values: args } = parseArgs({
  options: { "persist-to": { type: "string" }, config: { type: "string" } },
});
const { contentBindings, contentD1, placementBindings } = await loadWorkerModule(
  "worker/lib/content-databases.ts",
);
const { databaseCapacity } = await loadWorkerModule("worker/lib/database-capacity.ts");

const proxy = await openPlatform({ persistTo: args["persist-to"], config: args.config });
let exitCode = 0;
try {
  const { env } = proxy;
  const primary = env.DB;
  const placed = new Map(
    (
      await primary
        .prepare(
          "SELECT binding, count(*) AS organizations FROM organization_databases GROUP BY binding",
        )
        .all()
    ).results.map((row) => [row.binding, row.organizations]),
  );
  const stored = new Map(
    (
      await primary.prepare("SELECT binding, bytes, measured_at FROM content_database_sizes").all()
    ).results.map((row) => [row.binding, row]),
  );
  const placement = new Set(placementBindings(env));
  console.log(
    "database    size now    of 10 GB  organisations  cron's last size          takes new",
  );
  for (const binding of contentBindings(env)) {
    const result = await contentD1(env, binding).prepare("SELECT 1").run();
    const capacity = databaseCapacity(binding, result.meta.size_after ?? 0);
    const last = stored.get(binding);
    const lastText = last
      ? `${mb(last.bytes)} at ${new Date(last.measured_at).toISOString().slice(0, 16)}Z`
      : "not measured yet";
    const takesNew = placement.has(binding) && !capacity.alert ? "yes" : "no";
    console.log(
      `${binding.padEnd(10)}  ${mb(capacity.bytes).padStart(9)}  ${`${capacity.percent}%`.padStart(8)}  ` +
        `${String(placed.get(binding) ?? 0).padStart(13)}  ${lastText.padEnd(24)}  ${takesNew}` +
        (capacity.alert ? "  ALERT: 80% full or more; add a database and move organisations" : ""),
    );
    if (capacity.alert) exitCode = 2;
  }
} finally {
  await proxy.dispose();
}
process.exit(exitCode);

function mb(bytes) {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}
