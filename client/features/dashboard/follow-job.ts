import type { JobView } from "../../../shared/schemas/ingestion";
import { dashboardApi } from "./dashboard-api";

/**
 * Follows a job within the spec's polling budget (channels: 5 tries 2 s apart; shows: 10 tries
 * 3 s apart). Answers the finished job, or null if it is still running when the budget is spent
 * (it carries on in the background and shows up in Recent activity).
 */
export async function followJob(
  orgId: string,
  jobId: string,
  budget: { tries: number; intervalMs: number },
): Promise<JobView | null> {
  for (let i = 0; i < budget.tries; i++) {
    await new Promise((resolve) => setTimeout(resolve, budget.intervalMs));
    const { job } = await dashboardApi.job(orgId, jobId);
    if (job.status === "succeeded" || job.status === "failed") return job;
  }
  return null;
}

export const CHANNEL_POLLING = { tries: 5, intervalMs: 2000 };
export const SHOW_POLLING = { tries: 10, intervalMs: 3000 };
