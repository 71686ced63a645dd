import type { JobMessage } from "../../shared/schemas/jobs";
import type { JobContext } from "./job-context";
import { purgeTargets } from "./purge-targets";

/**
 * Deletes rows whose lifetime is over (expired sessions and auth tokens, old failed sign-in
 * attempts). Deleting by time is naturally idempotent, so a redelivered message is harmless.
 */
export async function purgeExpired(
  message: Extract<JobMessage, { type: "maintenance.purge-expired" }>,
  ctx: JobContext,
) {
  const now = Date.parse(message.slot);
  for (const target of purgeTargets) {
    const deleted = await target.purge(ctx.env, now);
    ctx.log.info("purge-expired", { target: target.name, deleted, slot: message.slot });
  }
}
