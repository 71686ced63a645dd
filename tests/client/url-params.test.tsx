import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, useNavigate, useSearchParams } from "react-router";
import { describe, expect, it } from "vitest";
import { useUrlParams } from "../../client/lib/use-url-params";

/*
 * Two changes to the address before the router renders the first (one event that changes two
 * inputs, or a quick typist on a busy machine) must both stand: CI lost the first date of a
 * custom overview period when the second change started from the old address. The router is in
 * declarative mode, as in the app (client/app/routes.tsx).
 */

type Setter = (change: (current: URLSearchParams) => URLSearchParams) => void;

function TwoChanges({ useParams }: { useParams: () => readonly [URLSearchParams, Setter] }) {
  const [params, update] = useParams();
  const navigate = useNavigate();
  const set = (key: string, value: string) =>
    update((current) => {
      const next = new URLSearchParams(current);
      next.set(key, value);
      return next;
    });
  return (
    <>
      <output aria-label="address">{params.toString()}</output>
      <button
        type="button"
        onClick={() => {
          set("from", "2026-01-01");
          set("to", "2026-01-31");
        }}
      >
        Both dates
      </button>
      <button type="button" onClick={() => set("page", "2")}>
        Next page
      </button>
      {/* The router going somewhere by itself, as a link or the back button does. */}
      <button type="button" onClick={() => navigate("/?tab=videos")}>
        Videos link
      </button>
    </>
  );
}

/** react-router's own setter in its function form, for the comparison. */
function useRouterParams() {
  const [params, setParams] = useSearchParams();
  return [
    params,
    (change: (current: URLSearchParams) => URLSearchParams) => setParams(change),
  ] as const;
}

function renderAt(url: string, useParams: () => readonly [URLSearchParams, Setter]) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <TwoChanges useParams={useParams} />
    </MemoryRouter>,
  );
}

const address = () => screen.getByLabelText("address").textContent;

describe("useUrlParams", () => {
  it("keeps both of two changes made before the router renders the first", async () => {
    renderAt("/?period=custom", useUrlParams);
    await userEvent.click(screen.getByRole("button", { name: "Both dates" }));
    expect(address()).toBe("period=custom&from=2026-01-01&to=2026-01-31");
  });

  it("is needed: react-router's setter loses the first of the two", async () => {
    renderAt("/?period=custom", useRouterParams);
    await userEvent.click(screen.getByRole("button", { name: "Both dates" }));
    expect(address()).toBe("period=custom&to=2026-01-31");
  });

  it("builds on an address the router went to by itself (back, a link), not on an old one", async () => {
    renderAt("/?period=custom", useUrlParams);
    await userEvent.click(screen.getByRole("button", { name: "Both dates" }));
    await userEvent.click(screen.getByRole("button", { name: "Videos link" }));
    expect(address()).toBe("tab=videos");
    await userEvent.click(screen.getByRole("button", { name: "Next page" }));
    expect(address()).toBe("tab=videos&page=2");
  });
});
