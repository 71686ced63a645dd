import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { reportQueries } from "../../client/features/reports/reports-api";
import { ScheduleActiveToggle } from "../../client/features/reports/ScheduleActiveToggle";
import type { ReportsPage } from "../../shared/schemas/reports";
import { aSchedule } from "./schedules";

/*
 * The recurring report's Active/Inactive button: the new state shows the moment it is clicked,
 * the button waits for the server before it can be clicked again, and a refusal puts the old
 * state back. The server is faked at fetch; each answer is released by the test.
 */

const schedule = aSchedule();

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

/** A fetch whose answers to the toggle are held until `release` is called. */
function heldServer(answer: (isActive: boolean) => Response) {
  const sent: boolean[] = [];
  const waiting: Array<() => void> = [];
  let page: ReportsPage = {
    reports: [],
    schedules: [schedule],
    persistentSheets: [],
    sheetsAvailable: false,
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path.endsWith("/active")) {
        const { isActive } = JSON.parse(String(init?.body)) as { isActive: boolean };
        sent.push(isActive);
        await new Promise<void>((resolve) => waiting.push(resolve));
        const res = answer(isActive);
        if (res.ok) page = { ...page, schedules: [{ ...schedule, isActive }] };
        return res;
      }
      if (path.includes("/reports?platform=youtube")) return json(200, page);
      throw new Error(`unexpected ${path}`);
    }),
  );
  return { sent, release: () => waiting.shift()?.() };
}

function Row() {
  const { data } = useQuery(reportQueries.page("o1", "youtube"));
  const row = data?.schedules[0];
  return row ? <ScheduleActiveToggle orgId="o1" platform="youtube" schedule={row} /> : null;
}

function renderRow() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Row />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("ScheduleActiveToggle", () => {
  it("shows the new state at once and waits for the server before another click", async () => {
    const server = heldServer(() => json(200, { isActive: false }));
    renderRow();
    await userEvent.click(await screen.findByRole("button", { name: "Deactivate Weekly digest" }));
    const pending = screen.getByRole("button", { name: "Activate Weekly digest" });
    // Disabled while the server answers, and the focus stays on it (a disabled element would
    // drop it to the page's body): pressed again, it sends nothing.
    expect(pending.getAttribute("aria-disabled")).toBe("true");
    expect(document.activeElement).toBe(pending);
    expect(pending.textContent).toBe("Inactive");
    await userEvent.click(pending);
    await userEvent.keyboard("{Enter}");
    server.release();
    await waitFor(() =>
      expect(
        screen
          .getByRole("button", { name: "Activate Weekly digest" })
          .getAttribute("aria-disabled"),
      ).toBeNull(),
    );
    expect(document.activeElement).toBe(
      screen.getByRole("button", { name: "Activate Weekly digest" }),
    );
    expect(pending).toHaveProperty("disabled", false);
    expect(server.sent).toEqual([false]);
  });

  it("puts the previous state back when the server refuses", async () => {
    const server = heldServer(() =>
      json(404, {
        error: { code: "NOT_FOUND", message: "Schedule not found", requestId: "r1" },
      }),
    );
    renderRow();
    await userEvent.click(await screen.findByRole("button", { name: "Deactivate Weekly digest" }));
    expect(screen.getByRole("button", { name: "Activate Weekly digest" })).toBeTruthy();
    server.release();
    const restored = await screen.findByRole("button", { name: "Deactivate Weekly digest" });
    await waitFor(() => expect(restored).toHaveProperty("disabled", false));
    expect(restored.textContent).toBe("Active");
    expect(server.sent).toEqual([false]);
  });
});
