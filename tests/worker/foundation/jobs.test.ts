import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import worker from "../../../worker/index";
import { cronSlot, dueJobs } from "../../../worker/jobs/cron";
import { type PurgeTarget, purgeTargets } from "../../../worker/jobs/purge-targets";
import { retryDelaySeconds } from "../../../worker/jobs/queue";

const added: PurgeTarget[] = [];
function addTarget(target: PurgeTarget) {
  purgeTargets.push(target);
  added.push(target);
}
afterEach(() => {
  for (const t of added.splice(0)) purgeTargets.splice(purgeTargets.indexOf(t), 1);
});

const message = (id: string, body: unknown, attempts = 1) => ({
  id,
  timestamp: new Date(),
  attempts,
  body,
});

describe("queue consumer", () => {
  it("dispatches a job by its type and acknowledges it", async () => {
    const seen: number[] = [];
    addTarget({
      name: "probe",
      purge: async (_env, now) => {
        seen.push(now);
        return 0;
      },
    });
    const batch = createMessageBatch("crosscast-jobs", [
      message("m1", { type: "maintenance.purge-expired", slot: "2026-11-22T10:00:00.000Z" }),
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(seen).toEqual([Date.parse("2026-11-22T10:00:00.000Z")]);
    expect(result.explicitAcks).toEqual(["m1"]);
    expect(result.retryMessages).toEqual([]);
  });

  it("rejects unknown and malformed messages without failing the rest of the batch", async () => {
    const seen: string[] = [];
    addTarget({
      name: "probe",
      purge: async () => {
        seen.push("ran");
        return 0;
      },
    });
    const batch = createMessageBatch("crosscast-jobs", [
      message("unknown", { type: "no.such.job" }),
      message("garbage", "not even an object"),
      message("missing-field", { type: "maintenance.purge-expired" }),
      message("good", { type: "maintenance.purge-expired", slot: "2026-11-22T10:00:00.000Z" }),
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(seen).toEqual(["ran"]);
    expect(result.explicitAcks.sort()).toEqual(["garbage", "good", "missing-field", "unknown"]);
    expect(result.retryMessages).toEqual([]);
  });

  it("retries a failing job with exponential backoff", async () => {
    addTarget({
      name: "broken",
      purge: async () => {
        throw new Error("D1 unavailable");
      },
    });
    const batch = createMessageBatch("crosscast-jobs", [
      message("m1", { type: "maintenance.purge-expired", slot: "2026-11-22T10:00:00.000Z" }, 3),
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual(["m1"]);
    expect([1, 2, 3, 4, 20].map(retryDelaySeconds)).toEqual([10, 20, 40, 80, 3600]);
  });

  it("acknowledges dead-lettered messages without running them again", async () => {
    const seen: string[] = [];
    addTarget({
      name: "probe",
      purge: async () => {
        seen.push("ran");
        return 0;
      },
    });
    const batch = createMessageBatch("crosscast-jobs-dlq", [
      message("d1", { type: "maintenance.purge-expired", slot: "2026-11-22T10:00:00.000Z" }, 6),
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(seen).toEqual([]);
    expect(result.explicitAcks).toEqual(["d1"]);
  });
});

describe("cron", () => {
  it("keys each run by the hour it belongs to", () => {
    const t = Date.parse("2026-11-22T10:59:59.999Z");
    expect(cronSlot(t)).toBe("2026-11-22T10:00:00.000Z");
    expect(dueJobs(t)).toEqual([
      { type: "maintenance.purge-expired", slot: "2026-11-22T10:00:00.000Z" },
    ]);
  });

  it("enqueues the due jobs from the scheduled handler", async () => {
    const controller = createScheduledController({
      scheduledTime: Date.parse("2026-11-22T11:00:05Z"),
      cron: "0 * * * *",
    });
    const ctx = createExecutionContext();
    await expect(worker.scheduled(controller, env, ctx)).resolves.toBeUndefined();
    await waitOnExecutionContext(ctx);
  });
});
