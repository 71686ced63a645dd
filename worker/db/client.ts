import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/** A drizzle handle over D1. Cheap to create; build one per request or job. */
export const getDb = (env: Pick<Env, "DB">) => drizzle(env.DB, { schema });
export type Db = ReturnType<typeof getDb>;
export { schema };
