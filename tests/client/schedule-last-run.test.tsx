import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  FOLLOW_MS,
  FOLLOW_RETRY_MS,
  reportsFollowInterval,
  ScheduleLastRun,
} from "../../client/features/reports/ScheduleLastRun";
import type { ScheduleView } from "../../shared/schemas/reports";

/*
 * A recurring report's Last Run, and how often the reports page asks again while runs are
 * unfinished. A run Google refused (its request quota, an outage) waits minutes before it is
 * tried again (worker/features/reports/rate-limit-deferral.ts): the row says why, and the page
 * stops asking every 1.5 s for it.
 */

type Run = NonNullable<ScheduleView["lastRun"]>;
const run = (over: Partial<Run>): Run => ({
  status: "succeeded",
  at: "2026-12-01T09:00:00.000Z",
  rowCount: 12,
  sheetUrl: null,
  errorMessage: null,
  ...over,
});
const schedule = (lastRun: Run | null) => ({ lastRun }) as ScheduleView;
const refused = "Google Sheets is rate limiting this account; the export will be retried.";

describe("a recurring report's Last Run", () => {
  it("says a waiting run is still running, and why it waits", () => {
    render(
      <ScheduleLastRun run={run({ status: "queued", errorMessage: refused })} timeZone="UTC" />,
    );
    expect(screen.getByRole("status").textContent).toBe(`Running...${refused}`);
    expect(screen.getByText(refused)).toBeTruthy();
    expect(screen.getByRole("status").getAttribute("title")).toBe(refused);
  });

  it("shows a first attempt as running, with nothing else", () => {
    render(<ScheduleLastRun run={run({ status: "running" })} timeZone="UTC" />);
    expect(screen.getByRole("status").textContent).toBe("Running...");
  });

  it("shows a finished run's time, rows and sheet, and a failed run's error", () => {
    const { rerender } = render(
      <ScheduleLastRun run={run({ sheetUrl: "https://docs.google.com/x" })} timeZone="UTC" />,
    );
    expect(screen.getByText(/12 rows/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open sheet" }).getAttribute("href")).toBe(
      "https://docs.google.com/x",
    );
    rerender(<ScheduleLastRun run={run({ rowCount: 1 })} timeZone="UTC" />);
    expect(screen.getByText(/· 1 row$/)).toBeTruthy();
    rerender(
      <ScheduleLastRun run={run({ status: "failed", errorMessage: "No access" })} timeZone="UTC" />,
    );
    expect(screen.getByText(/No access/)).toBeTruthy();
    rerender(<ScheduleLastRun run={null} timeZone="UTC" />);
    expect(screen.getByText("Not run yet")).toBeTruthy();
  });
});

describe("how often the reports page asks again", () => {
  it("follows a report or a run being made every 1.5 s", () => {
    expect(reportsFollowInterval({ reports: [{ status: "generating" }], schedules: [] })).toBe(
      FOLLOW_MS,
    );
    expect(
      reportsFollowInterval({ reports: [], schedules: [schedule(run({ status: "running" }))] }),
    ).toBe(FOLLOW_MS);
    expect(FOLLOW_MS).toBe(1_500);
  });

  it("asks every 30 s while the only unfinished runs wait to be retried", () => {
    const waiting = schedule(run({ status: "queued", errorMessage: refused }));
    expect(reportsFollowInterval({ reports: [], schedules: [waiting] })).toBe(FOLLOW_RETRY_MS);
    expect(FOLLOW_RETRY_MS).toBe(30_000);
    // A run being made alongside brings the short interval back.
    expect(
      reportsFollowInterval({
        reports: [],
        schedules: [waiting, schedule(run({ status: "queued" }))],
      }),
    ).toBe(FOLLOW_MS);
  });

  it("stops when everything is finished", () => {
    expect(
      reportsFollowInterval({
        reports: [{ status: "completed" }],
        schedules: [schedule(run({})), schedule(null)],
      }),
    ).toBe(false);
    expect(reportsFollowInterval(undefined)).toBe(false);
  });
});
