import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { schema } from "../../../worker/db/client";

export type RecordedStatement = { sql: string; params: unknown[] };

/**
 * A drizzle handle over the test D1 that also records every statement it sends, with its
 * bound values, so a test can ask SQLite how it runs exactly what the app ran.
 */
export function recordingDb() {
  const statements: RecordedStatement[] = [];
  const binding = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "prepare")
        return (query: string) => {
          const entry: RecordedStatement = { sql: query, params: [] };
          statements.push(entry);
          const prepared = target.prepare(query);
          return new Proxy(prepared, {
            get(stmt, key) {
              if (key === "bind")
                return (...params: unknown[]) => {
                  entry.params = params;
                  return stmt.bind(...params);
                };
              const value: unknown = Reflect.get(stmt, key);
              return typeof value === "function" ? value.bind(stmt) : value;
            },
          });
        };
      const value: unknown = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: drizzle(binding, { schema }), statements };
}

/** SQLite's plan for a recorded statement, one line per step. */
export async function queryPlan(statement: RecordedStatement): Promise<string[]> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
    .bind(...statement.params)
    .all<{ detail: string }>();
  return results.map((r) => r.detail);
}
