import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { dashboardQueries } from "../../client/features/dashboard/dashboard-api";
import { RecentActivity } from "../../client/features/dashboard/RecentActivity";
import { AuthProvider } from "../../client/lib/auth/AuthProvider";
import { type JobView, jobsResponseSchema } from "../../shared/schemas/ingestion";
import { restoredSession } from "./signed-in-person";

/*
 * A channel job that outlives the Add Channel dialog's polling ends while the person looks at
 * the tables, and a large channel shows part of its videos while it is written. Recent activity,
 * which polls the jobs while one is under way, tells the dashboard when one ends so it re-reads
 * its data. The server is faked at fetch, with the route's own schema.
 */

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { "content-type": "application/json" },
  });

const job = (id: string, status: JobView["status"]): JobView => ({
  id,
  kind: "ingest.channel",
  status,
  target: { handle: "@big" },
  errorCode: null,
  errorMessage: null,
  quotaUnits: 0,
  processed: null,
  total: null,
  d1Statements: null,
  createdAt: "2026-11-28T20:00:00.000Z",
  startedAt: null,
  finishedAt: null,
});

function server(initial: JobView[]) {
  const state = { jobs: initial };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      if (path.startsWith("/api/auth/refresh")) return json(restoredSession());
      if (path.startsWith("/api/orgs/o1/jobs"))
        return json(jobsResponseSchema.parse({ jobs: state.jobs }));
      return new Response("{}", { status: 404 });
    }),
  );
  return state;
}

function mount(onJobFinished: () => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <RecentActivity orgId="o1" onJobFinished={onJobFinished} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  // The next poll, without waiting out its three seconds.
  const poll = () => client.refetchQueries({ queryKey: dashboardQueries.jobs("o1").queryKey });
  return { poll };
}

describe("Recent activity", () => {
  it("tells the dashboard once when a job it saw running ends, not for jobs that were already done", async () => {
    const state = server([job("j1", "running"), job("j0", "succeeded")]);
    const onJobFinished = vi.fn();
    const { poll } = mount(onJobFinished);
    expect(await screen.findByText("running")).toBeTruthy();
    expect(onJobFinished).not.toHaveBeenCalled();

    await poll();
    expect(onJobFinished).not.toHaveBeenCalled();

    state.jobs = [job("j1", "succeeded"), job("j0", "succeeded")];
    await poll();
    await waitFor(() => expect(onJobFinished).toHaveBeenCalledTimes(1));
    expect(screen.queryByText("running")).toBeNull();

    await poll();
    expect(onJobFinished).toHaveBeenCalledTimes(1);
  });

  it("also when the job failed: a large channel may have been written in part", async () => {
    const state = server([job("j2", "queued")]);
    const onJobFinished = vi.fn();
    const { poll } = mount(onJobFinished);
    expect(await screen.findByText("queued")).toBeTruthy();
    state.jobs = [{ ...job("j2", "failed"), errorMessage: "Failed to add channel" }];
    await poll();
    await waitFor(() => expect(onJobFinished).toHaveBeenCalledTimes(1));
  });

  it("counts a job's items and quota units in words, one in the singular", async () => {
    server([
      { ...job("j2", "succeeded"), processed: 1, quotaUnits: 1 },
      { ...job("j3", "succeeded"), processed: 12_345, quotaUnits: 250 },
    ]);
    mount(() => undefined);
    const [one, many] = await screen.findAllByRole("listitem");
    expect(one?.textContent).toContain("· 1 item· 1 quota unit");
    expect(many?.textContent).toContain("· 12,345 items· 250 quota units");
  });

  it("shows a finished job's note on what it could not read, and a waiting retry's nothing", async () => {
    const note =
      "YouTube lists only the newest 20,000 uploads of a channel, so 50 older videos of Big could not be read.";
    server([
      { ...job("j4", "succeeded"), processed: 20_000, total: 20_050, errorMessage: note },
      { ...job("j5", "queued"), errorMessage: "YouTube is unavailable" },
    ]);
    mount(() => undefined);
    const [done, waiting] = await screen.findAllByRole("listitem");
    expect(done?.textContent).toContain(`· ${note}`);
    expect(waiting?.textContent).not.toContain("YouTube is unavailable");
  });
});
