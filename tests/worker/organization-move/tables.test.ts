import { env } from "cloudflare:test";
import { expect, it } from "vitest";
import { MOVE_TABLES } from "../../../worker/features/organization-move/tables";

type Named = { name: string };
type ForeignKey = { table: string };

it("copies every table of the content schema, each after the tables it references", async () => {
  const tables = (
    await env.CONTENT_1.prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'
         AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'
         AND name NOT LIKE '%_search_%' ORDER BY name`,
    ).all<Named>()
  ).results.map((t) => t.name);
  const order = MOVE_TABLES.map((t) => t.name);
  expect([...order].sort()).toEqual(tables);
  for (const [position, table] of order.entries()) {
    // The name comes from sqlite_master above.
    const keys = (
      await env.CONTENT_1.prepare(`PRAGMA foreign_key_list("${table}")`).all<ForeignKey>()
    ).results;
    for (const key of keys)
      expect(order.indexOf(key.table), `${table} -> ${key.table}`).toBeLessThan(position);
  }
});
