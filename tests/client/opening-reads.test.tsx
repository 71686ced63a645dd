import { QueryClient } from "@tanstack/react-query";
import { waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { appRoutes, startOpeningReads } from "../../client/app/routes";
import { beginRestore, restoreSession } from "../../client/lib/auth/session";
import { readInjectedBrand } from "../../client/lib/brand";
import { json } from "./signed-in-app";
import { restoredSession, signedInPerson } from "./signed-in-person";

/*
 * The page the app opens on asks for what it shows first as soon as the entry has restored the
 * session: nothing is rendered here at all, so every read sent came from the routes. The Videos
 * tab's rows used to wait for the app's first render, the page's code and its effects (issue 15).
 * The server is faked at fetch.
 */

function server(session = restoredSession()) {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      if (path.startsWith("/api/auth/refresh")) return json(200, session);
      asked.push(path);
      return json(503, { error: { code: "INTERNAL", message: "Not here", requestId: "r" } });
    }),
  );
  return asked;
}

/**
 * The app's entry at `address`, as client/main.tsx starts it, without rendering anything. Each
 * test then takes the restore as the provider would (restoreSession), so none is left over.
 */
function openApp(address: string) {
  window.history.replaceState(null, "", address);
  startOpeningReads(appRoutes(readInjectedBrand()), new QueryClient(), beginRestore());
}

describe("the opening page's first reads", () => {
  it("leave with the session, for the table the address opens, rows first", async () => {
    const asked = server();
    openApp("/dashboard?platform=youtube&tab=videos&q=caf%C3%A9&sort=views&dir=asc");
    await waitFor(() => expect(asked).toHaveLength(3));
    // The rows first: D1 answers one statement at a time.
    expect(asked[0]).toBe("/api/orgs/o1/tables/videos?q=caf%C3%A9&sort=views&dir=asc");
    expect(asked.slice(1).sort()).toEqual([
      "/api/orgs/o1/channels",
      "/api/orgs/o1/integrations/status",
    ]);
    await restoreSession();
  });

  it("follow the platform in the address, and ask no table page for the Reports tab", async () => {
    const episodes = server();
    openApp("/dashboard?platform=simplecast&tab=episodes&season=2");
    await waitFor(() => expect(episodes).toHaveLength(3));
    expect(episodes[0]).toBe("/api/orgs/o1/tables/episodes?season=2");
    expect(episodes).toContain("/api/orgs/o1/shows");
    await restoreSession();

    const reportsTab = server();
    openApp("/?platform=simplecast&tab=reports");
    await waitFor(() => expect(reportsTab).toHaveLength(2));
    expect(reportsTab.some((path) => path.includes("/tables/"))).toBe(false);
    await restoreSession();
  });

  it("are none on a page that declares none, or for a person who must set a password", async () => {
    const reports = server();
    openApp("/reports?tab=multi-channel");
    expect(await restoreSession()).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reports).toEqual([]);

    const session = restoredSession();
    const newcomer = server({
      ...session,
      me: { ...signedInPerson, user: { ...signedInPerson.user, isNewUser: true } },
    });
    openApp("/dashboard?platform=youtube&tab=videos");
    expect(await restoreSession()).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(newcomer).toEqual([]);
  });

  it("hand the provider the restore they waited for, once", async () => {
    server();
    openApp("/dashboard");
    const first = await restoreSession();
    expect(first?.me.user.id).toBe("u1");
    const refreshes = () =>
      vi.mocked(fetch).mock.calls.filter(([path]) => String(path).startsWith("/api/auth/refresh"));
    expect(refreshes()).toHaveLength(1);
    // A provider mounted again later restores afresh.
    await restoreSession();
    expect(refreshes()).toHaveLength(2);
  });
});
