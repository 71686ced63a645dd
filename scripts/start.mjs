// `npm start`: build the client, migrate the local D1, start the Worker with the sandbox
// providers on http://localhost:8787, seed the demo organisation on first run, print logins.
import path from "node:path";
import { applyMigrations, buildClient, ensureDevVars, root, startDevServer } from "./lib/dev-server.mjs";

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
  const rows = users.map((u) => `   ${u.role.padEnd(9)} ${u.email.padEnd(30)} ${u.password}`).join("\n");
  console.log(`
 Crosscast is running at ${server.url}
 ${created ? `Seeded the demo organisation "Demo Media" (${ingestionJobs} ingestion jobs are filling it from the sandbox providers).` : 'Using the demo organisation "Demo Media".'} Sign in with:
${rows}
 Emails sent in development land in ${server.url}/dev/mailbox
 Sandbox providers are on (offline emulators, see the README). Press Ctrl+C to stop.
`);
} else {
  console.log(`\n Crosscast is running at ${server.url} (demo seeding unavailable: HTTP ${seed.status})\n`);
}

// wrangler dev does not fire Cron Triggers by itself; fire the hourly one at each full hour so
// local refreshes and schedules behave as deployed.
const fireCron = () => fetch(`${server.url}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("0 * * * *")}`).catch(() => undefined);
const msToNextHour = () => 3_600_000 - (Date.now() % 3_600_000) + 1_000;
const scheduleCron = () => setTimeout(() => void fireCron().finally(scheduleCron), msToNextHour());
scheduleCron();

const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.child.on("exit", (code) => process.exit(code ?? 0));
