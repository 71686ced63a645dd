import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { SetupFlow } from "../../client/features/multichannel/SetupFlow";
import { json, renderSignedIn } from "./signed-in-app";
import { restoredSession } from "./signed-in-person";

/*
 * A selection too large for one board comes back to the setup, which then opens on the Date
 * Range (the way on), not on the title with its text selected, where the next key would have
 * replaced it. Any other failure opens the setup as before. The server is faked at fetch.
 */

async function setupFailingWith(status: number, error: Record<string, string>) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      if (path.startsWith("/api/auth/refresh")) return json(200, restoredSession());
      if (path === "/api/orgs/o1/multi-channel/content")
        return json(status, { error: { requestId: "r", ...error } });
      return json(404, { error: { code: "NOT_FOUND", message: "Not found", requestId: "r" } });
    }),
  );
  const errors: string[] = [];
  const { toast } = await import("../../client/lib/toast");
  vi.spyOn(toast, "error").mockImplementation((message: string) => {
    errors.push(message);
  });
  renderSignedIn(
    <SetupFlow
      orgId="o1"
      open
      onOpenChange={() => undefined}
      channels={[{ id: "c1", title: "Bench 100000" }]}
      shows={[{ id: "s1", title: "Daily Show" }]}
      onPreview={() => undefined}
    />,
    "/reports?tab=multi-channel",
  );
  const setup = await screen.findByRole("dialog", { name: "Create Multi-Channel Report" });
  fireEvent.change(within(setup).getByLabelText("Title"), { target: { value: "Big one" } });
  fireEvent.change(within(setup).getByLabelText("Date Range"), { target: { value: "90days" } });
  fireEvent.click(within(setup).getByRole("checkbox", { name: "Bench 100000" }));
  fireEvent.click(within(setup).getByRole("checkbox", { name: "Daily Show" }));
  fireEvent.click(within(setup).getByRole("button", { name: "Continue" }));
  await waitFor(() => expect(errors).toHaveLength(1));
  return { errors };
}

describe("the multi-channel setup after a refusal", () => {
  it("opens on the Date Range when the selection is too large for a board", async () => {
    const message =
      "This selection holds more than 5,000 videos or episodes in the date range. Choose a shorter range or fewer channels and shows.";
    const { errors } = await setupFailingWith(400, {
      code: "BAD_REQUEST",
      message,
      reason: "too_much_content",
    });
    expect(errors).toEqual([message]);
    const setup = await screen.findByRole("dialog", { name: "Create Multi-Channel Report" });
    const range = within(setup).getByLabelText("Date Range");
    await waitFor(() => expect(document.activeElement).toBe(range));
    // What was chosen is still there to change.
    expect((range as HTMLSelectElement).value).toBe("90days");
    expect((within(setup).getByLabelText("Title") as HTMLInputElement).value).toBe("Big one");
  });

  it("opens as before on any other failure", async () => {
    await setupFailingWith(500, { code: "INTERNAL", message: "Something went wrong" });
    const setup = await screen.findByRole("dialog", { name: "Create Multi-Channel Report" });
    await waitFor(() => expect(setup.contains(document.activeElement)).toBe(true));
    expect(document.activeElement).not.toBe(within(setup).getByLabelText("Date Range"));
  });
});
