import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import DashboardPage from "../../client/features/dashboard/DashboardPage";
import {
  channelsResponseSchema,
  integrationStatusResponseSchema,
  showsResponseSchema,
} from "../../shared/schemas/ingestion";
import { json, renderSignedIn } from "./signed-in-app";
import { restoredSession } from "./signed-in-person";

/*
 * An organisation with YouTube content and no shows: switching to Simplecast showed the podcast
 * overview's heading and empty cards while the show list loaded, then took them away (seen while
 * chasing a browser-test flake). The other platform's list is now read once the first view has
 * settled, so the switch knows at once there is nothing to show. The server is faked at fetch,
 * with the answers the routes give (parsed by their own schemas); the show list takes 50 ms.
 */

function server() {
  const state = { showsAnswered: 0 };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      if (path.startsWith("/api/auth/refresh")) return json(200, restoredSession());
      if (path === "/api/orgs/o1/channels")
        return json(200, channelsResponseSchema.parse({ channels: [] }));
      if (path === "/api/orgs/o1/shows") {
        await new Promise((resolve) => setTimeout(resolve, 50));
        state.showsAnswered += 1;
        return json(200, showsResponseSchema.parse({ shows: [] }));
      }
      if (path === "/api/orgs/o1/integrations/status")
        return json(200, integrationStatusResponseSchema.parse({ integrations: [] }));
      return json(404, { error: { code: "NOT_FOUND", message: "Not found", requestId: "r" } });
    }),
  );
  return state;
}

describe("Dashboard platform switch", () => {
  it("an organisation without shows goes straight to the Simplecast empty state, no overview flashing by", async () => {
    const user = userEvent.setup();
    const state = server();
    renderSignedIn(<DashboardPage />, "/dashboard");
    expect(await screen.findByText("No YouTube channels yet.")).toBeTruthy();
    // The person looks at the page for a moment before switching.
    await new Promise((resolve) => setTimeout(resolve, 200));

    await user.click(screen.getByRole("tab", { name: "Simplecast" }));
    expect(screen.getByText("No Simplecast shows yet.")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Podcast overview" })).toBeNull();
    // Read once, before the switch, and not again for it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(state.showsAnswered).toBe(1);
  });
});
