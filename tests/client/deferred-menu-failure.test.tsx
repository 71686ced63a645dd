import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { type ComponentType, lazy } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DeferredMenu, type MenuStart } from "../../client/components/DeferredMenu";
import { reportClientError } from "../../client/lib/errors/report";

// Error reports go to the Worker's log; here they are only counted.
vi.mock("../../client/lib/errors/report", () => ({ reportClientError: vi.fn(async () => "ref") }));

/*
 * A menu whose code cannot be fetched (an old deployment's chunk, or the connection dropped)
 * closes back to its button with a toast that says which, and the page around it stays.
 * Chromium keeps a module that failed to load as failed for the page's life, so the cure it names
 * is a reload.
 */

const chunkGone = () =>
  Promise.reject(
    new TypeError("Failed to fetch dynamically imported module: /assets/Menu-abc123.js"),
  );

function page() {
  const Menu = lazy<ComponentType<MenuStart>>(chunkGone);
  return render(
    <main>
      <h1>Dashboard</h1>
      <DeferredMenu menu={Menu} preload={chunkGone} menuProps={{}} className="">
        Download
      </DeferredMenu>
    </main>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(reportClientError).mockClear();
});

describe("a menu whose code cannot be fetched", () => {
  for (const [onLine, said] of [
    [true, "This menu could not be loaded. Reload the page to continue."],
    [
      false,
      "This menu could not be loaded: you seem to be offline. Reconnect, then reload the page.",
    ],
  ] as const) {
    it(`says "${said}" and leaves its button and the page (${onLine ? "online" : "offline"})`, async () => {
      vi.spyOn(navigator, "onLine", "get").mockReturnValue(onLine);
      vi.spyOn(console, "error").mockImplementation(() => undefined);
      const errors: string[] = [];
      const { toast } = await import("../../client/lib/toast");
      vi.spyOn(toast, "error").mockImplementation((message: string) => {
        errors.push(message);
      });
      page();
      fireEvent.pointerEnter(screen.getByRole("button", { name: "Download" }));
      fireEvent.click(screen.getByRole("button", { name: "Download" }));
      await waitFor(() => expect(errors).toEqual([said]));
      expect(screen.getByRole("heading", { name: "Dashboard" })).toBeTruthy();
      expect(screen.getByRole("button", { name: "Download" }).getAttribute("aria-expanded")).toBe(
        "false",
      );
      // It can be asked again, and says the same rather than failing silently.
      fireEvent.click(screen.getByRole("button", { name: "Download" }));
      await waitFor(() => expect(errors).toEqual([said, said]));
      expect(vi.mocked(reportClientError)).toHaveBeenCalled();
    });
  }
});
