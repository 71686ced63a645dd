import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { schema } from "../../../worker/db/client";

export type RecordedStatement = { sql: string; params: unknown[] };

/**
 * A drizzle handle over a test D1 (the primary unless named: pass the database that serves the
 * organisation) that also records every statement it sends, with its bound values, so a test can
 * ask SQLite how it runs exactly what the app ran.
 */
export function recordingDb(database: D1Database = env.DB) {
  const statements: RecordedStatement[] = [];
  const binding = new Proxy(database, {
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

/** SQLite's plan for a recorded statement, one line per step, in the database that ran it. */
export async function queryPlan(
  statement: RecordedStatement,
  database: D1Database = env.DB,
): Promise<string[]> {
  const { results } = await database
    .prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
    .bind(...statement.params)
    .all<{ detail: string }>();
  return results.map((r) => r.detail);
}

/**
 * A D1 binding that records each round trip the Worker makes: one entry per statement sent on
 * its own, one per batch, each listing the SQL it carried. For counting round trips per request.
 */
export function roundTripRecorder(database: D1Database = env.DB) {
  const roundTrips: string[][] = [];
  // Each handed-out statement: the SQL it carries and the real statement behind it.
  const behind = new WeakMap<object, { sql: string; real: D1PreparedStatement }>();
  const wrap = (real: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(real, {
      get(target, key) {
        if (key === "bind") return (...params: unknown[]) => wrap(target.bind(...params), sql);
        const value: unknown = Reflect.get(target, key);
        if (typeof value !== "function") return value;
        if (key === "all" || key === "first" || key === "raw" || key === "run")
          return (...args: unknown[]) => {
            roundTrips.push([sql]);
            return value.apply(target, args);
          };
        return value.bind(target);
      },
    });
    behind.set(proxy, { sql, real });
    return proxy;
  };
  const binding = new Proxy(database, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => wrap(target.prepare(sql), sql);
      if (prop === "batch")
        return (statements: D1PreparedStatement[]) => {
          roundTrips.push(statements.map((s) => behind.get(s)?.sql ?? "?"));
          return target.batch(statements.map((s) => behind.get(s)?.real ?? s));
        };
      const value: unknown = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { binding, roundTrips };
}

/**
 * D1 bindings that log, in one shared order, when each round trip is sent and when it is
 * answered ("DB sent", "CONTENT_2 answered"), so a test can see which round trips overlapped.
 */
export function timelineRecorder(databases: Record<string, D1Database>) {
  const events: string[] = [];
  const timed = <T>(name: string, send: () => Promise<T>) => {
    events.push(`${name} sent`);
    return send().finally(() => events.push(`${name} answered`));
  };
  const wrap = (name: string, real: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(real, {
      get(target, key) {
        if (key === "bind") return (...params: unknown[]) => wrap(name, target.bind(...params));
        if (key === "__real") return target;
        const value: unknown = Reflect.get(target, key);
        if (typeof value !== "function") return value;
        if (key === "all" || key === "first" || key === "raw" || key === "run")
          return (...args: unknown[]) => timed(name, () => value.apply(target, args));
        return value.bind(target);
      },
    });
  const unwrap = (s: D1PreparedStatement) =>
    (Reflect.get(s, "__real") as D1PreparedStatement | undefined) ?? s;
  const bindings = Object.fromEntries(
    Object.entries(databases).map(([name, database]) => [
      name,
      new Proxy(database, {
        get(target, prop) {
          if (prop === "prepare") return (sql: string) => wrap(name, target.prepare(sql));
          if (prop === "batch")
            return (statements: D1PreparedStatement[]) =>
              timed(name, () => target.batch(statements.map(unwrap)));
          const value: unknown = Reflect.get(target, prop);
          return typeof value === "function" ? value.bind(target) : value;
        },
      }),
    ]),
  );
  return { bindings, events };
}
