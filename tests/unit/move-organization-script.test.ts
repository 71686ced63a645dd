import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPlatformProxy } from "wrangler";
import { generateOrganization } from "../../bench/lib/generate-organization.mjs";

/*
 * scripts/move-organization.mjs run as an operator runs it, against local databases in a
 * throw-away --persist-to directory (the library's steps, stops and aborts are tested in
 * tests/worker/organization-move/ on the worker's own bindings). Not pure logic, but plain Node:
 * the script runs in Node, through wrangler's getPlatformProxy.
 */
const root = path.resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");
const persistTo = mkdtempSync(path.join(tmpdir(), "crosscast-move-script-"));
const SCRIPT_TIMEOUT = 180_000;

const platform = () =>
  getPlatformProxy<Env>({
    configPath: path.join(root, "wrangler.toml"),
    persist: { path: path.join(persistTo, "v3") },
  });

async function script(...args: string[]) {
  return runScript("scripts/move-organization.mjs", ...args);
}

async function runScript(file: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [file, ...args, "--persist-to", persistTo],
      { cwd: root, timeout: SCRIPT_TIMEOUT },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** One organisation's video history in one database, by video id (keys differ between them). */
const history = (db: D1Database, org: string) =>
  db
    .prepare(
      `SELECT v.id, m.captured_at, m.views FROM video_metrics m JOIN videos v ON v.key = m.video_key
       WHERE v.organization_id = ?1 ORDER BY v.id, m.captured_at`,
    )
    .bind(org)
    .all()
    .then((r) => r.results);

let moved = "";
let other = "";
let before: unknown[] = [];
let otherBefore: unknown[] = [];

beforeAll(async () => {
  // The migrations of all three databases, as `npm start` applies them (scripts/lib/dev-server.mjs).
  await promisify(execFile)(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      "import { applyMigrations } from './scripts/lib/dev-server.mjs';" +
        "applyMigrations({ persistTo: process.argv[1] });",
      persistTo,
    ],
    { cwd: root, timeout: SCRIPT_TIMEOUT },
  );
  const { env, dispose } = await platform();
  moved = await generateOrganization(env.DB, { videos: 40, days: 5, episodes: 10 });
  other = await generateOrganization(env.DB, { videos: 10, days: 5 });
  before = await history(env.DB, moved);
  otherBefore = await history(env.DB, other);
  await dispose();
}, SCRIPT_TIMEOUT);

afterAll(() => rmSync(persistTo, { recursive: true, force: true }));

describe("the operator scripts: move-organization, then database-capacity", () => {
  it(
    "moves an organisation, prints each table's counts and checksums, and says nothing was lost",
    async () => {
      const run = await script("--org", moved, "--to", "CONTENT_1");
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^video_metrics\s+200\s+200 [0-9a-f]{16}\s+200 [0-9a-f]{16}$/m);
      expect(run.stdout).toContain("0 rows lost or changed");
      expect(run.stdout).not.toContain("DIFFERENT");

      const { env, dispose } = await platform();
      try {
        expect(await history(env.CONTENT_1, moved)).toEqual(before);
        expect(await history(env.DB, moved)).toEqual([]);
        expect(await history(env.DB, other)).toEqual(otherBefore);
        const entry = await env.DB.prepare(
          "SELECT binding, moving_to FROM organization_databases WHERE organization_id = ?1",
        )
          .bind(moved)
          .first();
        expect(entry).toEqual({ binding: "CONTENT_1", moving_to: null });
      } finally {
        await dispose();
      }
    },
    SCRIPT_TIMEOUT,
  );

  it(
    "scripts/database-capacity.mjs then shows each database's share and where the organisations are",
    async () => {
      const run = await runScript("scripts/database-capacity.mjs");
      expect(run.code, run.stderr).toBe(0);
      // binding, size now, share of 10 GB, organisations placed there, ..., takes new ones
      const row = (binding: string) =>
        new RegExp(`^${binding}\\s+[\\d.]+ MB\\s+[\\d.]+%\\s+(\\d+)\\s.*\\s(yes|no)$`, "m").exec(
          run.stdout,
        );
      expect(row("DB")?.slice(1)).toEqual(["1", "no"]);
      expect(row("CONTENT_1")?.slice(1)).toEqual(["1", "yes"]);
      expect(row("CONTENT_2")?.slice(1)).toEqual(["0", "yes"]);
      expect(run.stdout).not.toContain("ALERT");
    },
    SCRIPT_TIMEOUT,
  );

  it(
    "refuses an unknown organisation, an unknown database and a missing argument with exit code 1",
    async () => {
      const unknownOrg = await script("--org", "no-such-org", "--to", "CONTENT_2");
      expect(unknownOrg.code).toBe(1);
      expect(unknownOrg.stderr).toContain('No organisation with id "no-such-org"');
      const unknownDb = await script("--org", other, "--to", "CONTENT_9");
      expect(unknownDb.code).toBe(1);
      expect(unknownDb.stderr).toContain('"CONTENT_9" is not a content database');
      const missing = await script("--org", other);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain("--org and --to are required");
    },
    SCRIPT_TIMEOUT,
  );
});
