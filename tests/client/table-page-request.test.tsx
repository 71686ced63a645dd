import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { TablesView } from "../../client/features/tables/TablesView";
import { tablePageSchemas } from "../../shared/schemas/tables";
import { json, renderSignedIn } from "./signed-in-app";
import { restoredSession } from "./signed-in-person";

/*
 * A click that asks for other rows sends their request in the click itself. The router renders
 * the new address later (a transition, after the rows still shown are re-rendered and laid out),
 * and on a 100k table the request used to leave 0.4-0.7 s after the click. The request must still
 * go once: the table's own query finds it in flight. The server is faked at fetch.
 */

/** One video row, as the API gives it. */
const videoRow = (id: string, title: string) => ({
  id,
  title,
  externalId: `x${id}`,
  channelId: "c1",
  channelTitle: "Channel",
  views: 10,
  likes: 1,
  comments: 0,
  likesHidden: false,
  commentsOff: false,
  durationSeconds: 60,
  first24hViews: null,
  first48hViews: null,
  first7dViews: null,
  trailing1dViews: null,
  trailing1wViews: 10,
  trailing1mViews: 10,
  trailing1yViews: 10,
  windowSource: "public",
  watchMinutes: null,
  averageViewDuration: null,
  publishDate: "2026-11-01T00:00:00.000Z",
  lastUpdated: "2026-11-28T00:00:00.000Z",
});

function server() {
  const pages: string[] = [];
  /** What the table said when each page was asked for. */
  const shownWhenAsked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      if (path.startsWith("/api/auth/refresh")) return json(200, restoredSession());
      if (path.startsWith("/api/orgs/o1/tables/videos?")) {
        const query = new URLSearchParams(path.split("?")[1]);
        pages.push(query.get("page") ?? "1");
        shownWhenAsked.push(document.body.textContent?.match(/page \d of \d/)?.[0] ?? "");
        return json(
          200,
          tablePageSchemas.videos.parse({
            rows: [
              videoRow(`v${query.get("page") ?? 1}`, `Video on page ${query.get("page") ?? 1}`),
            ],
            total: 450,
            page: Number(query.get("page") ?? 1),
            pageSize: 200,
            optionalColumns: {},
            refreshedAt: null,
            duplicates: null,
          }),
        );
      }
      return json(404, { error: { code: "NOT_FOUND", message: "Not found", requestId: "r" } });
    }),
  );
  return { pages, shownWhenAsked };
}

/** The Videos table searched for "future", with something of the test's beside it. */
const renderVideos = (beside?: ReactNode) =>
  renderSignedIn(
    <>
      <TablesView
        orgId="o1"
        userId="u1"
        table="videos"
        parents={[]}
        expectedRows={1}
        onChanged={() => undefined}
      />
      {beside}
    </>,
    "/dashboard?tab=videos&q=future",
  );

/** Whether the table says it is busy. */
const busy = () => screen.getByRole("table").getAttribute("aria-busy");

/**
 * A press as a browser delivers it, outside act(): React commits the click's own updates in the
 * microtask after the event; the router renders the new address later, as a transition.
 */
const press = (element: HTMLElement) =>
  element.dispatchEvent(new MouseEvent("click", { bubbles: true }));

/** The Videos view, once its first page is shown and the table is not busy. */
async function settledVideos(beside?: ReactNode) {
  server();
  renderVideos(beside);
  await screen.findByText(/450 rows/);
  await waitFor(() => expect(busy()).toBe("false"));
}

/** The address shown, outside the table. */
function Address() {
  return <p data-testid="address">{useLocation().search}</p>;
}

/** The browser's Back, outside the table. */
function BrowserBack() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Browser back
    </button>
  );
}

describe("a table's next page", () => {
  it("is asked for in the click, once", async () => {
    const { pages, shownWhenAsked } = server();
    renderVideos();
    await screen.findByText(/450 rows/);
    expect(pages).toEqual(["1"]);
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    // The click's own handler sent it: the table still showed page 1 (the re-render for the new
    // address, which asks for its rows when nothing did, comes after).
    expect(pages).toEqual(["1", "2"]);
    expect(shownWhenAsked[1]).toBe("page 1 of 3");
    await screen.findByText(/page 2 of 3/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pages).toEqual(["1", "2"]);
    // Back to page 1, read 30 s ago at most: shown from what was read, not asked again.
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    await waitFor(() => expect(screen.getByText(/page 1 of 3/)).toBeTruthy());
    expect(pages).toEqual(["1", "2"]);
  });

  it("says it is busy from the press until the rows asked for are shown", async () => {
    await settledVideos(<BrowserBack />);
    press(screen.getByRole("button", { name: "Next" }));
    await Promise.resolve();
    // The address shown is still page 1's: its rows are not the answer to the press.
    expect(screen.getByText(/page 1 of 3/)).toBeTruthy();
    expect(busy()).toBe("true");
    await screen.findByText(/page 2 of 3/);
    await waitFor(() => expect(busy()).toBe("false"));
    // Back (the browser's, not a press in the table) to the page the first press left: not busy.
    fireEvent.click(screen.getByRole("button", { name: "Browser back" }));
    await screen.findByText(/page 1 of 3/);
    await waitFor(() => expect(busy()).toBe("false"));
  });

  it("stays busy through two quick presses, until the rows of the second are shown", async () => {
    await settledVideos(<Address />);
    // Next, then a sort, before the router has shown page 2.
    press(screen.getByRole("button", { name: "Next" }));
    press(within(screen.getByRole("columnheader", { name: /^Views/ })).getAllByRole("button")[0]!);
    await Promise.resolve();
    expect(screen.getByText(/page 1 of 3/)).toBeTruthy();
    expect(busy()).toBe("true");
    await waitFor(() => expect(screen.getByTestId("address").textContent).toContain("sort=views"));
    await waitFor(() => expect(busy()).toBe("false"));
  });

  it("opens a row's details at the address the table is on, after a press moved it", async () => {
    server();
    renderVideos(<Address />);
    await screen.findByText("Video on page 1");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    fireEvent.click(await screen.findByRole("button", { name: "Details for Video on page 2" }));
    await waitFor(() =>
      expect(screen.getByTestId("address").textContent).toBe(
        "?tab=videos&q=future&page=2&detail=v2",
      ),
    );
  });
});

describe("a table page that could not be read", () => {
  it("says so with the platform's words and a retry, never that nothing matches", async () => {
    let down = true;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (path: string) => {
        if (path.startsWith("/api/auth/refresh")) return json(200, restoredSession());
        if (path.startsWith("/api/orgs/o1/tables/videos?") && down)
          return json(500, { error: { code: "INTERNAL", message: "boom", requestId: "r" } });
        if (path.startsWith("/api/orgs/o1/tables/videos?"))
          return json(
            200,
            tablePageSchemas.videos.parse({
              rows: [videoRow("v1", "Back again")],
              total: 1,
              page: 1,
              pageSize: 200,
              optionalColumns: {},
              refreshedAt: null,
              duplicates: null,
            }),
          );
        return json(404, { error: { code: "NOT_FOUND", message: "Not found", requestId: "r" } });
      }),
    );
    renderVideos();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to load YouTube data");
    expect(screen.queryByText("No videos match.")).toBeNull();
    down = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await screen.findByText("Back again");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
