// Moves one organisation's content to another content database (issue 17; the steps and how to
// stop, resume and abort are in docs/content-databases.md, "Moving an organisation").
//   node scripts/move-organization.mjs --org <id> --to CONTENT_2 [--abort] [--persist-to <dir>]
//     [--config <wrangler config>]
// It runs worker/features/organization-move (TypeScript, loaded through Vite's module runner)
// against the databases wrangler's getPlatformProxy binds from the config: by default the local
// ones `npm start` uses (.wrangler/state), or those under --persist-to. Exit code 0 when the
// organisation is where --to says and nothing of it is left elsewhere; 1 otherwise.
import { parseArgs } from "node:util";
import { loadWorkerModule, openPlatform } from "./lib/local-platform.mjs";

const USAGE =
  "usage: node scripts/move-organization.mjs --org <organisation id> --to <binding> [--abort] " +
  "[--persist-to <dir>] [--config <wrangler config>]";

function fail(message) {
  console.error(message);
  process.exit(1);
}

let args;
try {
  args = parseArgs({
    options: {
      org: { type: "string" },
      to: { type: "string" },
      abort: { type: "boolean", default: false },
      "persist-to": { type: "string" },
      config: { type: "string" },
    },
  }).values;
} catch (error) {
  fail(`${error.message}\n${USAGE}`);
}
if (!args.org || !args.to) fail(`--org and --to are required.\n${USAGE}`);

const { moveOrganization, MoveRefused } = await loadWorkerModule(
  "worker/features/organization-move/move.ts",
);
const { contentBindings, contentD1, placementBindings } = await loadWorkerModule(
  "worker/lib/content-databases.ts",
);

const proxy = await openPlatform({ persistTo: args["persist-to"], config: args.config });
let exitCode = 1;
try {
  const { env } = proxy;
  const result = await moveOrganization({
    primary: env.DB,
    databases: Object.fromEntries(contentBindings(env).map((b) => [b, contentD1(env, b)])),
    targets: placementBindings(env),
    organizationId: args.org,
    to: args.to,
    abort: args.abort,
  });
  exitCode = report(result);
} catch (error) {
  if (!(error instanceof MoveRefused)) throw error;
  console.error(error.message);
} finally {
  await proxy.dispose();
}
process.exit(exitCode);

function report(result) {
  const org = args.org;
  if (result.status === "aborted") {
    console.log(
      `Aborted: the partial copy in ${result.to} is deleted; ${org} stays in ${result.from}.`,
    );
    return 0;
  }
  if (result.status === "finished") {
    const where =
      result.deleted.length > 0
        ? `deleted the leftover copy in ${result.deleted.join(", ")}`
        : "nothing left elsewhere";
    console.log(`${org} is already in ${result.to}; ${where}.`);
    return 0;
  }
  if (result.status === "stopped") {
    console.log(`Stopped at ${result.at}; run the same command again to go on.`);
    return 1;
  }
  const width = Math.max(...result.tables.map((t) => t.table.length));
  console.log(
    `${"table".padEnd(width)}  copied  ${result.from} rows / sha256  ${result.to} rows / sha256`,
  );
  for (const t of result.tables) {
    const same = t.source.rows === t.target.rows && t.source.sha256 === t.target.sha256;
    const side = (s) => `${String(s.rows).padStart(7)} ${s.sha256.slice(0, 16)}`;
    console.log(
      `${t.table.padEnd(width)}  ${String(t.copied).padStart(6)}  ${side(t.source)}  ${side(t.target)}${same ? "" : "  DIFFERENT"}`,
    );
  }
  const rows = result.tables.reduce((sum, t) => sum + t.source.rows, 0);
  if (result.status === "mismatch") {
    console.log(
      `Not switched: ${result.differing.join(", ")} differ between ${result.from} and ${result.to}. ` +
        `${org} stays in ${result.from} (its requests wait until the move ends); ` +
        "run again with --abort, then move it again.",
    );
    return 1;
  }
  console.log(
    `Moved ${org} from ${result.from} to ${result.to}: ${rows} rows in ${result.tables.length} tables, ` +
      "0 rows lost or changed (counts and SHA-256 checksums equal on both sides).",
  );
  return 0;
}
