import { fireEvent, screen, waitFor } from "@testing-library/react";
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
            rows: [],
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

describe("a table's next page", () => {
  it("is asked for in the click, once", async () => {
    const { pages, shownWhenAsked } = server();
    renderSignedIn(
      <TablesView
        orgId="o1"
        userId="u1"
        table="videos"
        parents={[]}
        expectedRows={0}
        onChanged={() => undefined}
      />,
      "/dashboard?tab=videos&q=future",
    );
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
});
