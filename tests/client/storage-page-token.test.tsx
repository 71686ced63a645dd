import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import StoragePage from "../../client/features/storage/StoragePage";
import {
  storageFilesResponseSchema,
  storageQuotaResponseSchema,
} from "../../shared/schemas/storage";
import { json, renderSignedIn } from "./signed-in-app";
import { restoredSession } from "./signed-in-person";

/*
 * Drive's page tokens last some hours, and Drive may refuse one once its list changed: the token
 * "should be discarded, and pagination should be restarted from the first page of results"
 * (FileList.nextPageToken). Load More Files then starts the list again instead of failing, and
 * the list holds each file once. The server is faked at fetch with the routes' schemas.
 */

const file = (id: string, name: string) => ({
  id,
  name,
  mimeType: "application/vnd.google-apps.spreadsheet",
  createdTime: "2026-11-30T10:00:00.000Z",
});

function serve() {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      if (path.startsWith("/api/auth/refresh")) return json(200, restoredSession());
      if (path === "/api/orgs/o1/storage/quota")
        return json(
          200,
          storageQuotaResponseSchema.parse({ quota: { usage: "10", limit: "100" } }),
        );
      if (path.startsWith("/api/orgs/o1/storage/files")) {
        asked.push(path);
        if (path.includes("pageToken=t1"))
          return json(400, {
            error: {
              code: "BAD_REQUEST",
              message: "That page of files is no longer available.",
              requestId: "r",
              reason: "page_token_rejected",
              field: "pageToken",
            },
          });
        // The second time the first page is asked for, a file made since leads it.
        const restarted = asked.filter((a) => !a.includes("pageToken")).length > 1;
        const files = restarted
          ? [file("new", "Made since"), file("a", "First report")]
          : [file("a", "First report")];
        return json(
          200,
          storageFilesResponseSchema.parse({ files, nextPageToken: restarted ? null : "t1" }),
        );
      }
      return json(404, {});
    }),
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe("The storage manager's Load More Files", () => {
  it("starts the list again when Drive refuses the page's token", async () => {
    const asked = serve();
    const user = userEvent.setup();
    renderSignedIn(<StoragePage />, "/admin/storage");
    expect(await screen.findByText("First report")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Load More Files" }));
    expect(await screen.findByText("Made since")).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "Load More Files" })).toBeNull(),
    );
    expect(screen.getAllByText("First report")).toHaveLength(1);
    expect(asked).toEqual([
      "/api/orgs/o1/storage/files",
      "/api/orgs/o1/storage/files?pageToken=t1",
      "/api/orgs/o1/storage/files",
    ]);
  });
});
