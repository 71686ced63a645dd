import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb, schema } from "../../../worker/db/client";
import worker from "../../../worker/index";

/** The JSON lines the Worker logged (every level) while one cron invocation ran. */
async function linesOfCron(cron: string) {
  const lines: Array<Record<string, unknown>> = [];
  const keep = (line: unknown) => {
    try {
      lines.push(JSON.parse(String(line)) as Record<string, unknown>);
    } catch {
      // not one of ours (a library's plain text)
    }
  };
  vi.spyOn(console, "log").mockImplementation(keep);
  vi.spyOn(console, "warn").mockImplementation(keep);
  const ctx = createExecutionContext();
  await worker.scheduled(
    createScheduledController({ scheduledTime: Date.UTC(2026, 10, 23, 5), cron }),
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  vi.restoreAllMocks();
  return lines;
}

afterEach(() => vi.restoreAllMocks());

describe("database capacity in the hourly cron", () => {
  it("logs every database's size as D1 reports it, below the alert, and stores the content ones", async () => {
    const capacity = (await linesOfCron("0 * * * *")).filter((l) => l.msg === "database_capacity");
    // The primary database, then the content databases (issue 17: N is 2 in every test run).
    expect(capacity.map((l) => l.binding)).toEqual(["DB", "CONTENT_1", "CONTENT_2"]);
    for (const line of capacity) {
      expect(line).toMatchObject({ level: "info" });
      // A migrated database holds pages already, far below 80% of 10 GB.
      expect(line.bytes).toBeGreaterThan(4096);
      expect(line.percent).toBeLessThan(1);
    }
    // Placement reads the content databases' sizes from the primary database; the primary
    // database takes no new organisations, so its size is only logged.
    const stored = await getDb(env).select().from(schema.contentDatabaseSizes);
    const sizes = new Map(stored.map((row) => [row.binding, row.bytes]));
    expect([...sizes.keys()].sort()).toEqual(["CONTENT_1", "CONTENT_2"]);
    for (const line of capacity.slice(1)) expect(sizes.get(String(line.binding))).toBe(line.bytes);
  });

  it("is not checked by the quarter-hourly lease sweep", async () => {
    const lines = await linesOfCron("*/15 * * * *");
    expect(lines.some((l) => l.msg === "database_capacity")).toBe(false);
  });
});
