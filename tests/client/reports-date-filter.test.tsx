import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import PlatformReports from "../../client/features/reports/PlatformReports";
import { AuthProvider } from "../../client/lib/auth/AuthProvider";
import { channelsResponseSchema } from "../../shared/schemas/ingestion";
import { type ReportView, reportsPageSchema } from "../../shared/schemas/reports";
import { json } from "./signed-in-app";
import { restoredSession, signedInPerson } from "./signed-in-person";

/*
 * The Reports list's From and To read days on the organisation's calendar, the one its Created
 * column is shown in, and To follows today. It used to default to the browser's UTC date and
 * keep it: a Tokyo organisation saw yesterday's date all morning, and a list left open past
 * midnight hid the reports made after it. The server is faked at fetch with the routes' schemas.
 */

const report = (title: string, createdAt: string): ReportView => ({
  id: title,
  title,
  platform: "youtube",
  exportType: "one-time",
  dateRange: { type: "30days", range: null },
  status: "completed",
  errorMessage: null,
  googleSheetUrl: null,
  isPersistent: false,
  rowCount: 3,
  createdAt,
  files: [],
});

function serve(timezone: string, reports: { list: ReportView[] }) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      if (path.startsWith("/api/auth/refresh"))
        return json(
          200,
          restoredSession({
            ...signedInPerson,
            organization: { id: "o1", name: "Org", logoUrl: null, timezone },
          }),
        );
      if (path === "/api/orgs/o1/channels")
        return json(
          200,
          channelsResponseSchema.parse({
            channels: [
              {
                id: "c1",
                title: "Tech channel",
                handle: null,
                subscriberCount: 10,
                subscribersHidden: false,
                totalViews: 100,
                videoCount: 3,
                trailing1wViews: null,
                lastUpdated: null,
              },
            ],
          }),
        );
      if (path.startsWith("/api/orgs/o1/reports"))
        return json(
          200,
          reportsPageSchema.parse({
            reports: reports.list,
            schedules: [],
            persistentSheets: [],
            sheetsAvailable: true,
          }),
        );
      return json(404, {});
    }),
  );
}

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter initialEntries={["/reports"]}>
          <PlatformReports orgId="o1" platform="youtube" />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { askAgain: () => client.refetchQueries() };
}

const toInput = () => screen.getByLabelText("To") as HTMLInputElement;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the Reports list's date filter", () => {
  it("shows the organisation's today as To, and this morning's reports, in Tokyo", async () => {
    // 08:30 on 2 December in Tokyo; still 1 December in UTC.
    vi.useFakeTimers({ now: Date.parse("2026-12-01T23:30:00.000Z"), toFake: ["Date"] });
    serve("Asia/Tokyo", { list: [report("Morning digest", "2026-12-01T23:20:00.000Z")] });
    mount();
    expect(await screen.findByText("Morning digest")).toBeTruthy();
    expect(toInput().value).toBe("2026-12-02");
  });

  it("keeps showing new reports in a list left open past midnight", async () => {
    vi.useFakeTimers({ now: Date.parse("2026-12-01T23:50:00.000Z"), toFake: ["Date"] });
    const reports = { list: [report("Evening digest", "2026-12-01T23:40:00.000Z")] };
    serve("UTC", reports);
    const { askAgain } = mount();
    expect(await screen.findByText("Evening digest")).toBeTruthy();
    expect(toInput().value).toBe("2026-12-01");

    // The next morning's schedule makes a report, and the list reads it.
    vi.setSystemTime(Date.parse("2026-12-02T00:10:00.000Z"));
    reports.list = [report("Morning digest", "2026-12-02T00:05:00.000Z"), ...reports.list];
    await askAgain();
    expect(await screen.findByText("Morning digest")).toBeTruthy();
    expect(screen.getByText("Evening digest")).toBeTruthy();
    await waitFor(() => expect(toInput().value).toBe("2026-12-02"));
  });
});
