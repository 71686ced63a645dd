import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GoogleCard } from "../../client/features/organization/GoogleCard";
import { googleViewSchema } from "../../shared/schemas/google";
import { json, renderSignedIn } from "./signed-in-app";
import { restoredSession } from "./signed-in-person";

/*
 * A Google connection in error says why, in Google's refusal as the server recorded it: a
 * reconnect helps after invalid_grant, but not when the deployment's own OAuth client is refused,
 * and "needs reconnecting" alone sent an admin round a loop that could not end.
 */

function serve(lastError: string | null) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      if (path.startsWith("/api/auth/refresh")) return json(200, restoredSession());
      if (path === "/api/orgs/o1/google")
        return json(
          200,
          googleViewSchema.parse({
            connected: true,
            email: "media.team@gmail.com",
            status: "error",
            scopes: ["openid"],
            lastError,
            connectedAt: "2026-11-30T10:00:00.000Z",
          }),
        );
      return json(404, {});
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("The Google card of a connection in error", () => {
  it("shows what Google refused", async () => {
    const message =
      "Google refused this Crosscast deployment's OAuth client (deleted_client). Whoever runs Crosscast needs to check its Google client ID and secret.";
    serve(message);
    renderSignedIn(<GoogleCard orgId="o1" />, "/organization-settings");
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reconnect" })).toBeTruthy();
  });

  it("asks for a reconnect when nothing more was recorded", async () => {
    serve(null);
    renderSignedIn(<GoogleCard orgId="o1" />, "/organization-settings");
    expect(await screen.findByText("Connect the Google account again.")).toBeTruthy();
  });
});
