import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { appQuery, orgQuery, orgScope } from "../../../client/lib/query/define-query";

const root = path.resolve(fileURLToPath(new URL(".", import.meta.url)), "../../..");
const clientFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return clientFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });

describe("one shape per cache key", () => {
  it("refuses a second query under a name already claimed", () => {
    orgQuery("probe", "twice", async () => 1);
    expect(() => orgQuery("probe", "twice", async () => ({ wrapped: [1] }))).toThrow(
      'Two queries claim the cache key "org:probe.twice"',
    );
    appQuery("probe-app", async () => 1);
    expect(() => appQuery("probe-app", async () => "other")).toThrow(/probe-app/);
  });

  it("loads every query the client declares without a clash", async () => {
    // Importing a feature's API module claims its names; a clash throws here.
    const modules = clientFiles(path.join(root, "client")).filter((f) =>
      readFileSync(f, "utf8").includes("Query("),
    );
    const apiModules = modules.filter((f) => /-api\.ts$|change-logs\.ts$/.test(f));
    expect(apiModules.length).toBeGreaterThanOrEqual(7);
    for (const file of apiModules) await import(file);
  });

  it("keeps every cache key inside the query factories", () => {
    // A key written by hand at a call site is how two shapes ended up under one key.
    const offenders = clientFiles(path.join(root, "client"))
      .filter((f) => !f.endsWith(path.join("lib", "query", "define-query.ts")))
      .flatMap((f) =>
        readFileSync(f, "utf8")
          .split("\n")
          .map((line, i) => ({ line, at: `${path.relative(root, f)}:${i + 1}` }))
          .filter(({ line }) => /queryKey:\s*\[|queryFn:/.test(line)),
      )
      .map(({ at, line }) => `${at}: ${line.trim()}`);
    expect(offenders).toEqual([]);
  });

  it("keys carry the organisation, so invalidation reaches only that organisation's data", async () => {
    const client = new QueryClient();
    const channels = orgQuery("probe", "channels", async () => ({ channels: [{ id: "c1" }] }));
    const mine = channels("org-1");
    const theirs = channels("org-2");
    await client.fetchQuery(mine);
    await client.fetchQuery(theirs);
    // The key is typed with the data it holds.
    expect(client.getQueryData(mine.queryKey)?.channels[0]?.id).toBe("c1");
    await client.invalidateQueries({ queryKey: orgScope("org-1", "probe") });
    expect(client.getQueryState(mine.queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(theirs.queryKey)?.isInvalidated).toBe(false);
  });
});
