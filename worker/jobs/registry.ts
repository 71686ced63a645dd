import type { JobMessage, JobType } from "../../shared/schemas/jobs";
import type { Logger } from "../lib/logger";
import { purgeExpired } from "./purge-expired";

export type JobContext = { env: Env; log: Logger; attempts: number };
type Handler<T extends JobType> = (message: Extract<JobMessage, { type: T }>, ctx: JobContext) => Promise<void>;

/** One handler per job type; the mapped type makes a missing handler a compile error. */
export const jobHandlers: { [T in JobType]: Handler<T> } = {
  "maintenance.purge-expired": purgeExpired,
};

export function runJob(message: JobMessage, ctx: JobContext): Promise<void> {
  const handler = jobHandlers[message.type] as Handler<typeof message.type>;
  return handler(message, ctx);
}
