import { drizzle } from "drizzle-orm/d1";
import * as schema from "../db/schema";

/*
 * The drizzle factory lives in lib so the request context (worker/middleware/, which imports only
 * lib) can build the request's handle; the data layer re-exports it from worker/db/client.ts.
 */

/** A drizzle handle over D1. Cheap to create; build one per request or job. */
export const getDb = (env: Pick<Env, "DB">) => drizzle(env.DB, { schema });
export type Db = ReturnType<typeof getDb>;
