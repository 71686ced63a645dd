import { drizzle } from "drizzle-orm/d1";
import * as schema from "../db/schema";

/*
 * The drizzle factory lives in lib so the request context (worker/middleware/, which imports only
 * lib) can build the request's handle; the data layer re-exports it from worker/db/client.ts.
 */

const build = (d1: D1Database) => drizzle(d1, { schema });
export type Db = ReturnType<typeof build>;

/*
 * One drizzle handle per D1 binding object, kept for the isolate's life. Building one is not
 * cheap: drizzle walks the whole schema and its relations (extractTablesRelationalConfig) on
 * every call, which a CPU profile of a Videos page at c16 put among the Worker's largest costs.
 * A handle holds no per-request state (D1 has no sessions or open transactions; a batch is one
 * call), so sharing it is safe. Keyed weakly by the binding, so a test's wrapped binding gets
 * its own handle and nothing outlives its binding.
 */
const handles = new WeakMap<D1Database, Db>();
export function dbFor(d1: D1Database): Db {
  let db = handles.get(d1);
  if (!db) {
    db = build(d1);
    handles.set(d1, db);
  }
  return db;
}

/** The drizzle handle over the primary database (shared within the isolate, see dbFor). */
export const getDb = (env: Pick<Env, "DB">): Db => dbFor(env.DB);
