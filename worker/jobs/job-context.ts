import type { Logger } from "../lib/logger";

/** What every job handler gets: the bindings, the log and how many times the message was tried. */
export type JobContext = { env: Env; log: Logger; attempts: number };
