// `npm start`: build the client, migrate the local D1, start the Worker with the sandbox
// providers on http://localhost:8787, seed the demo organisation on first run, print logins.
import path from "node:path";
import {
  applyMigrations,
  buildClient,
  ensureDevVars,
  root,
  startDevServer,
} from "./lib/dev-server.mjs";

const port = Number(process.env.PORT ?? 8787);
const persistTo = path.join(root, ".wrangler", "state");

console.log("Crosscast: building the client...");
buildClient();
ensureDevVars();
console.log("Crosscast: applying D1 migrations to the local database...");
applyMigrations({ persistTo });
console.log("Crosscast: starting the Worker (wrangler dev)...");
const server = await startDevServer({ port, persistTo, stdio: "inherit" });

const seed = await fetch(`${server.url}/dev/seed`, { method: "POST" });
if (seed.ok) {
  const { users, created, ingestionJobs } = await seed.json();
  const rows = users
    .map((u) => `   ${u.role.padEnd(9)} ${u.email.padEnd(30)} ${u.password}`)
    .join("\n");
  console.log(`
 Crosscast is running at ${server.url}
 ${created ? `Seeded the demo organisation "Demo Media" (${ingestionJobs} ingestion jobs are filling it from the sandbox providers).` : 'Using the demo organisation "Demo Media".'} Sign in with:
${rows}
 Emails sent in development land in ${server.url}/dev/mailbox
 Scheduled work runs here too: this script fires the Cron Triggers on their schedule, so
 wrangler's warning above (scheduled Workers not triggered locally) does not apply.
 Sandbox providers are on (offline emulators, see the README). Press Ctrl+C to stop.
`);
  if (created) void backfillWhenIngested(users.find((u) => u.role === "admin"));
} else {
  console.log(
    `\n Crosscast is running at ${server.url} (demo seeding unavailable: HTTP ${seed.status})\n`,
  );
}

/**
 * Once the demo ingestion jobs have finished, give the demo channels and videos the history
 * Crosscast would hold had it been refreshing them all along, with their windows. Development only.
 */
async function backfillWhenIngested(admin) {
  try {
    const json = (res) => res.json();
    const { accessToken } = await fetch(`${server.url}/api/auth/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    }).then(json);
    const auth = { authorization: `Bearer ${accessToken}` };
    const me = await fetch(`${server.url}/api/auth/me`, { headers: auth }).then(json);
    for (let i = 0; i < 120; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      const { jobs } = await fetch(`${server.url}/api/orgs/${me.organization.id}/jobs?limit=20`, {
        headers: auth,
      }).then(json);
      if (jobs.length > 0 && jobs.every((j) => j.status === "succeeded" || j.status === "failed"))
        break;
    }
    const filled = await fetch(`${server.url}/dev/backfill-history`, { method: "POST" }).then(json);
    console.log(
      ` Demo history ready: ${filled.channelRows} channel and ${filled.videoRows} video snapshots (charts and windows).`,
    );
  } catch (error) {
    console.log(
      ` Demo history could not be added (${error.message}); charts fill in as refreshes run.`,
    );
  }
}

// wrangler dev does not fire Cron Triggers by itself; fire them as deployed: the hourly one at
// each full hour, the lease sweep at the other quarter hours.
const fireCron = () =>
  fetch(
    `${server.url}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(new Date().getUTCMinutes() < 5 ? "0 * * * *" : "*/15 * * * *")}`,
  )
    .then((res) => {
      if (!res.ok) console.log(` The hourly cron answered ${res.status}; see the log above.`);
    })
    .catch((error) => console.log(` The hourly cron could not be fired (${error.message}).`));
const msToNextQuarter = () => 900_000 - (Date.now() % 900_000) + 1_000;
const scheduleCron = () =>
  setTimeout(() => void fireCron().finally(scheduleCron), msToNextQuarter());
scheduleCron();

const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.child.on("exit", (code) => process.exit(code ?? 0));
