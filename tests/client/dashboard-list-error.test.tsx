import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import DashboardPage from "../../client/features/dashboard/DashboardPage";
import { AuthProvider } from "../../client/lib/auth/AuthProvider";
import {
  channelsResponseSchema,
  integrationStatusResponseSchema,
} from "../../shared/schemas/ingestion";
import { restoredSession } from "./signed-in-person";

/*
 * A channel list that failed to load is not an empty list (found clicking through an organisation
 * being moved between databases, issue 17): the dashboard says why, in the server's words, with
 * a way to ask again, instead of "No YouTube channels yet." and an Add Channel invitation. The
 * server is faked at fetch, with the answers the routes give (parsed by their own schemas).
 */

// The server's words while an organisation is being moved (worker/db/directory.ts).
const ORGANIZATION_MOVING_MESSAGE = "This organisation is being moved; try again in a few minutes.";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The organisation's routes answer 503 while `moving` is true, then answer as usual. */
function server() {
  const state = { moving: true, channelCalls: 0 };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      if (path.startsWith("/api/auth/refresh")) return json(200, restoredSession());
      if (path.startsWith("/api/orgs/o1/channels")) state.channelCalls += 1;
      if (state.moving && path.startsWith("/api/orgs/o1/"))
        return json(503, {
          error: {
            code: "UNAVAILABLE",
            message: ORGANIZATION_MOVING_MESSAGE,
            reason: "organization_moving",
            requestId: "r",
          },
        });
      if (path === "/api/orgs/o1/channels")
        return json(200, channelsResponseSchema.parse({ channels: [] }));
      if (path === "/api/orgs/o1/integrations/status")
        return json(200, integrationStatusResponseSchema.parse({ integrations: [] }));
      return json(404, {
        error: { code: "NOT_FOUND", message: "Not found", requestId: "r" },
      });
    }),
  );
  return state;
}

const mount = () =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <AuthProvider>
        <MemoryRouter initialEntries={["/dashboard"]}>
          <DashboardPage />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );

describe("Dashboard channel list", () => {
  it("says why the list failed and asks again on Try again, instead of showing an empty list", async () => {
    const user = userEvent.setup();
    const state = server();
    mount();

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(ORGANIZATION_MOVING_MESSAGE);
    expect(screen.queryByText("No YouTube channels yet.")).toBeNull();
    const asked = state.channelCalls;

    state.moving = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No YouTube channels yet.")).toBeTruthy();
    expect(state.channelCalls).toBe(asked + 1);
    expect(screen.queryByText(ORGANIZATION_MOVING_MESSAGE)).toBeNull();
  });
});
