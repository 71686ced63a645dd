import * as schema from "./schema";

// The factory lives in worker/lib/db.ts (the request context may import only lib); the data
// layer's modules keep importing it from here.
export { type Db, getDb } from "../lib/db";
export { schema };
