import type { JobMessage } from "../shared/schemas/jobs";
import { app } from "./app";
import { handleScheduled } from "./jobs/cron";
import { handleQueueBatch } from "./jobs/queue";

export { PreviewRoom } from "./rooms/preview-room";

export default {
  fetch: app.fetch,
  queue: (batch, env, ctx) => handleQueueBatch(batch, env, ctx),
  scheduled: (controller, env, ctx) => handleScheduled(controller, env, ctx),
} satisfies ExportedHandler<Env, JobMessage | unknown>;
