import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import DetailPanel from "../../client/features/details/DetailPanel";

/*
 * Charts never invent zeros: a day the server answers as null (no snapshot) reaches the chart as
 * null, which uPlot draws as a gap because the series does not span gaps; the panel says how many
 * days are blank. The server is faked at fetch; uPlot, which needs a real canvas, is replaced by a
 * recorder of what it was given.
 */

const drawn = vi.hoisted(() => [] as Array<{ options: unknown; data: unknown[] }>);
vi.mock("uplot", () => ({
  default: class {
    constructor(options: unknown, data: unknown[]) {
      drawn.push({ options, data });
    }
    setSize() {}
    destroy() {}
  },
}));

const day = (offset: number) =>
  new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);

type Point = { date: string; value: number | null };

function serve(
  points: Point[],
  watchTime: { minutes: Point[]; averageViewDuration: Point[] } | null = null,
  previousTotal = 10,
  publishedAt: string | null = null,
) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      if (!path.includes("/series?")) throw new Error(`unexpected ${path}`);
      const total = points.reduce((s, p) => s + (p.value ?? 0), 0);
      return new Response(
        JSON.stringify({
          metric: "views",
          from: points[0]!.date,
          to: points.at(-1)!.date,
          points,
          total,
          previous: { from: day(60), to: day(31), total: previousTotal, days: 30 },
          change: {
            absolute: total - previousTotal,
            percent: previousTotal === 0 ? null : ((total - previousTotal) / previousTotal) * 100,
          },
          gaps: 1,
          title: "Demo Media Clips",
          lastUpdated: new Date().toISOString(),
          publishedAt,
          viewsSource: watchTime ? "owner" : "public",
          watchTime,
        }),
        { status: 200, headers: { "content-type": "application/json" } },
      );
    }),
  );
}

const open = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DetailPanel orgId="o1" kind="channels" id="c1" onClose={() => undefined} />
    </QueryClientProvider>,
  );

describe("detail chart gaps", () => {
  it("hands a missing day to the chart as a gap, not a 0, and says so", async () => {
    drawn.length = 0;
    const points = Array.from({ length: 30 }, (_, i) => ({
      date: day(29 - i),
      value: i === 10 || i === 11 ? null : 100 + i,
    }));
    serve(points);
    open();
    expect(
      await screen.findByText(
        "2 days have no data and are left blank. Growth across a missing day is shown on the next day we have.",
      ),
    ).toBeTruthy();
    const chart = drawn.at(-1)!;
    const values = chart.data[1] as Array<number | null>;
    expect(values).toHaveLength(30);
    expect(values[10]).toBeNull();
    expect(values[11]).toBeNull();
    expect(values.filter((v) => v === 0)).toHaveLength(0);
    const series = (chart.options as { series: Array<{ spanGaps?: boolean }> }).series;
    expect(series[1]!.spanGaps).toBe(false);
    expect(screen.getByTestId("views-source").textContent).toBe(
      "Source: Public counts (from our snapshots of YouTube's public view counts).",
    );
    // The text equivalent for screen readers says it too.
    expect(
      screen.getByText(/Daily views from .*2 days have no data and are left blank\./),
    ).toBeTruthy();
  });

  it("charts an owner channel's watch time in hours and its view duration, gaps kept", async () => {
    drawn.length = 0;
    const dates = Array.from({ length: 30 }, (_, i) => day(29 - i));
    // Today is not closed yet: no figure (null); a day without views has 0 minutes, no average.
    const minutes = dates.map((date, i) => ({ date, value: i === 29 ? null : i === 5 ? 0 : 600 }));
    const averageViewDuration = dates.map((date, i) => ({
      date,
      value: i === 29 || i === 5 ? null : 95,
    }));
    serve(
      dates.map((date) => ({ date, value: 100 })),
      { minutes, averageViewDuration },
    );
    open();
    const section = await screen.findByRole("region", { name: "Watch time" });
    // The views chart names its source: the owner's exact daily views.
    expect(screen.getByTestId("views-source").textContent).toBe(
      "Source: Owner analytics (exact daily views from the channel owner's YouTube Analytics).",
    );
    expect(section.textContent).toContain("280 hours watched in this period");
    expect(
      screen.getByText(
        /Daily watch time in hours from .*: 280 hours in total\. 1 day has no data and is left blank\./,
      ),
    ).toBeTruthy();
    // Three charts: views, watch time (hours), average view duration (seconds).
    expect(drawn).toHaveLength(3);
    const hours = drawn[1]!.data[1] as Array<number | null>;
    expect(hours[0]).toBe(10);
    expect(hours[5]).toBe(0);
    expect(hours[29]).toBeNull();
    const seconds = drawn[2]!.data[1] as Array<number | null>;
    expect(seconds[5]).toBeNull();
    expect(seconds[29]).toBeNull();
    expect(seconds.filter((v) => v === 0)).toHaveLength(0);
  });

  it("shows the empty state when no day of the period has data", async () => {
    drawn.length = 0;
    serve(Array.from({ length: 30 }, (_, i) => ({ date: day(29 - i), value: null })));
    open();
    expect(
      await screen.findByText(
        "No snapshots in this period yet. Charts fill in as daily refreshes run.",
      ),
    ).toBeTruthy();
    expect(drawn).toHaveLength(0);
  });

  it("compares with the period before only when something was counted in it", async () => {
    const points = Array.from({ length: 30 }, (_, i) => ({ date: day(29 - i), value: 10 }));
    serve(points, null, 200);
    const { unmount } = open();
    const change = await screen.findByTestId("change");
    expect(change.textContent).toBe("+100 (+50.0%)");
    expect(change.parentElement?.textContent).toBe(
      "300 views in this period · +100 (+50.0%) vs the previous 30 days (200)",
    );
    unmount();

    // A period of one day is compared with the day before it, in those words.
    serve([{ date: day(0), value: 300 }], null, 200);
    const { unmount: close } = open();
    const oneDay = await screen.findByTestId("change");
    expect(oneDay.parentElement?.textContent).toBe(
      "300 views in this period · +100 (+50.0%) vs the previous day (200)",
    );
    close();

    // A video newer than the earlier period: no percentage of nothing, no "vs ... (0)".
    serve(points, null, 0);
    open();
    const none = await screen.findByTestId("change");
    expect(none.parentElement?.textContent).toBe(
      "300 views in this period · no earlier data to compare",
    );
  });

  it("names the days before a video was published for what they are, apart from missing days", async () => {
    drawn.length = 0;
    // Published 9 days ago, charted over 30 days; one day after publication has no snapshot.
    const points = Array.from({ length: 30 }, (_, i) => ({
      date: day(29 - i),
      value: i < 21 || i === 25 ? null : 500,
    }));
    serve(points, null, 0, `${day(8)}T15:00:00.000Z`);
    open();
    const published = new Date(`${day(8)}T00:00:00Z`).toLocaleDateString("en-US", {
      timeZone: "UTC",
      month: "short",
      day: "numeric",
      year: "numeric",
    });
    expect((await screen.findByTestId("missing-days")).textContent).toBe(
      `Published ${published}: the 21 days before are blank. 1 day has no data and is left blank. Growth across a missing day is shown on the next day we have.`,
    );
    expect(
      screen.getByText(
        new RegExp(
          `in total, no earlier data to compare. Published ${published}: the 21 days before are blank.`,
        ),
      ),
    ).toBeTruthy();
  });
});
