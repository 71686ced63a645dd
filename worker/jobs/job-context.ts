import type { Db } from "../db/client";
import type { Logger } from "../lib/logger";

/**
 * What every job handler gets: the bindings, the log, how many times the message was tried, and
 * `db`, the database that holds the message's organisation's content (read from the directory,
 * docs/content-databases.md). `env.DB` stays the primary database (accounts, the directory);
 * content is read and written through `db` only, raw D1 batches through `db.$client`.
 */
export type JobContext = { env: Env; log: Logger; attempts: number; db: Db };
