import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, call } from "../../client/lib/api/client";
import { AuthProvider, useAuth } from "../../client/lib/auth/AuthProvider";
import { accountApi } from "../../shared/api/account";
import { signedInPerson as me } from "./signed-in-person";

/*
 * The auth provider's refresh rules (spec section 4, ARCHITECTURE section 8): start from the
 * refresh cookie, refresh a minute before the access token expires, sign out when the server
 * says the session is gone, retry with backoff on network trouble, and retry once when another
 * tab rotated the cookie first. The server is faked at fetch, with bodies the schemas accept.
 */

const NOW = Date.parse("2026-11-20T12:00:00.000Z");
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
const tokenBody = (n: number, lifetimeMs = 15 * 60_000) => ({
  accessToken: `access-${n}`,
  tokenType: "bearer",
  expiresIn: lifetimeMs / 1000,
  expiresAt: new Date(Date.now() + lifetimeMs).toISOString(),
});
const token = (n: number, lifetimeMs = 15 * 60_000) => json(200, tokenBody(n, lifetimeMs));
const refused = (reason: string, status = 401) =>
  json(status, {
    error: {
      code: status === 409 ? "CONFLICT" : "UNAUTHORIZED",
      message: "no",
      reason,
      requestId: "r",
    },
  });

/**
 * The fake server: answers /refresh from a script (one answer per call), adding the person when
 * asked with include=me (unless `withoutMe`, a server that leaves it out), and /me always.
 */
function server(
  refreshAnswers: Array<() => Response | Promise<Response>>,
  {
    withoutMe = false,
    other,
  }: {
    withoutMe?: boolean;
    /** Answers any other path, told the request's bearer token. */
    other?: (path: string, bearer: string | undefined) => Response;
  } = {},
) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init?: RequestInit) => {
      calls.push(path);
      if (path === "/api/auth/me") return json(200, me);
      if (path.startsWith("/api/auth/refresh")) {
        const next = refreshAnswers.shift();
        if (!next) throw new Error("unexpected refresh");
        const answer = await next();
        if (withoutMe || !path.endsWith("?include=me") || answer.status !== 200) return answer;
        return json(200, { ...(await answer.json()), me });
      }
      const bearer = (init?.headers as Record<string, string> | undefined)?.Authorization;
      if (other) return other(path, bearer);
      throw new Error(`unexpected ${path}`);
    }),
  );
  return {
    calls: () => [...calls],
    refreshes: () => calls.filter((c) => c.startsWith("/api/auth/refresh")).length,
  };
}

function Probe() {
  const auth = useAuth();
  if (auth.isLoading) return <p>loading</p>;
  return <p>{auth.user ? `signed in as ${auth.user.email}` : "signed out"}</p>;
}
const mount = () =>
  render(
    <AuthProvider>
      <Probe />
    </AuthProvider>,
  );
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

afterEach(() => vi.useRealTimers());

describe("AuthProvider", () => {
  it("without a session cookie, shows signed out", async () => {
    vi.useFakeTimers({ now: NOW });
    server([() => refused("no_session")]);
    mount();
    await settle();
    screen.getByText("signed out");
  });

  it("restores the session and the person in one request on load", async () => {
    vi.useFakeTimers({ now: NOW });
    const s = server([() => token(1)]);
    mount();
    await settle();
    screen.getByText("signed in as ada@example.com");
    expect(s.calls()).toEqual(["/api/auth/refresh?include=me"]);
  });

  it("asks /me separately when the refresh answer leaves the person out", async () => {
    vi.useFakeTimers({ now: NOW });
    const s = server([() => token(1)], { withoutMe: true });
    mount();
    await settle();
    screen.getByText("signed in as ada@example.com");
    expect(s.calls()).toEqual(["/api/auth/refresh?include=me", "/api/auth/me"]);
  });

  it("takes the restore the page's head already sent, without asking again", async () => {
    vi.useFakeTimers({ now: NOW });
    const s = server([]);
    const answer = await token(1).json();
    Object.assign(window, {
      crosscastSessionRestore: Promise.resolve(json(200, { ...answer, me })),
    });
    mount();
    await settle();
    screen.getByText("signed in as ada@example.com");
    expect(s.calls()).toEqual([]);
    expect("crosscastSessionRestore" in window).toBe(false);
  });

  it("reads the head's restore as its own: no session is signed out, a rotated one retried", async () => {
    vi.useFakeTimers({ now: NOW });
    server([]);
    Object.assign(window, { crosscastSessionRestore: Promise.resolve(refused("no_session")) });
    mount();
    await settle();
    screen.getByText("signed out");

    const s = server([() => token(2)]);
    Object.assign(window, {
      crosscastSessionRestore: Promise.resolve(refused("refresh_token_rotated", 409)),
    });
    mount();
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(s.calls()).toEqual(["/api/auth/refresh?include=me"]);
    screen.getByText("signed in as ada@example.com");
  });

  it("refreshes one minute before expiry, again and again, staying signed in", async () => {
    vi.useFakeTimers({ now: NOW });
    const s = server([() => token(1), () => token(2), () => token(3)]);
    mount();
    await settle();
    screen.getByText("signed in as ada@example.com");
    expect(s.refreshes()).toBe(1);
    // 15-minute token: the next refresh is due at 14 minutes, not a moment earlier.
    await act(() => vi.advanceTimersByTimeAsync(14 * 60_000 - 1));
    expect(s.refreshes()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(s.refreshes()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(14 * 60_000));
    expect(s.refreshes()).toBe(3);
    screen.getByText("signed in as ada@example.com");
    // The timer's refreshes are the plain exchange: the person is not asked for again.
    expect(s.calls().slice(1)).toEqual(["/api/auth/refresh", "/api/auth/refresh"]);
  });

  it("a very short token is still refreshed no sooner than five seconds", async () => {
    vi.useFakeTimers({ now: NOW });
    const s = server([() => token(1, 30_000), () => token(2)]);
    mount();
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(4_999));
    expect(s.refreshes()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(s.refreshes()).toBe(2);
  });

  it("signs out when the server says the session is over", async () => {
    vi.useFakeTimers({ now: NOW });
    server([() => token(1), () => refused("refresh_token_reused")]);
    mount();
    await settle();
    screen.getByText("signed in as ada@example.com");
    await act(() => vi.advanceTimersByTimeAsync(14 * 60_000));
    screen.getByText("signed out");
  });

  it("network trouble: retries after 400, 800, 1600 ms and stays signed in when it works", async () => {
    vi.useFakeTimers({ now: NOW });
    const offline = () => Promise.reject(new TypeError("Failed to fetch"));
    const s = server([() => token(1), offline, offline, offline, () => token(2)]);
    mount();
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(14 * 60_000));
    expect(s.refreshes()).toBe(2);
    for (const [wait, total] of [
      [400, 3],
      [800, 4],
      [1_600, 5],
    ] as const) {
      await act(() => vi.advanceTimersByTimeAsync(wait - 1));
      expect(s.refreshes()).toBe(total - 1);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(s.refreshes()).toBe(total);
    }
    screen.getByText("signed in as ada@example.com");
  });

  it("another tab rotated the cookie first: one retry 300 ms later picks up the new one", async () => {
    vi.useFakeTimers({ now: NOW });
    const s = server([() => refused("refresh_token_rotated", 409), () => token(1)]);
    mount();
    await settle();
    expect(s.refreshes()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(s.refreshes()).toBe(2);
    screen.getByText("signed in as ada@example.com");
  });

  /*
   * A call refused for its session (the laptop slept past the token's expiry, or the session
   * ended elsewhere): renewed once for all the calls refused together, then sent again; when the
   * server no longer knows the session, the tab is signed out. A write serves as the call: the
   * server refuses it before doing anything, so sending it again is safe.
   */
  const switchOrg = () =>
    call(accountApi.setActiveOrganization, { body: { organizationId: me.organization!.id } });
  const acceptsOnly = (bearer: string) => (_: string, sent: string | undefined) =>
    sent === `Bearer ${bearer}` ? json(200, me) : refused("no_session");

  it("a call refused for its session renews it once for all such calls, then is answered", async () => {
    vi.useFakeTimers({ now: NOW });
    const s = server([() => token(1), () => token(2)], { other: acceptsOnly("access-2") });
    mount();
    await settle();
    const answers = await act(() => Promise.all([switchOrg(), switchOrg(), switchOrg()]));
    expect(answers.map((a) => a.user.email)).toEqual(Array(3).fill("ada@example.com"));
    expect(s.refreshes()).toBe(2); // the page load's restore, then one renewal for the three
    expect(s.calls().filter((c) => c === "/api/account/active-organization")).toHaveLength(6);
    screen.getByText("signed in as ada@example.com");
  });

  it("a call refused for its session signs the tab out when the session is gone", async () => {
    vi.useFakeTimers({ now: NOW });
    const s = server([() => token(1), () => refused("session_expired")], {
      other: acceptsOnly("never"),
    });
    mount();
    await settle();
    const failure = await act(() => switchOrg().catch((error: unknown) => error));
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect(s.refreshes()).toBe(2);
    screen.getByText("signed out");
    // Signed out, a call is not renewed again: nobody is there to renew.
    await act(() => switchOrg().catch(() => undefined));
    expect(s.refreshes()).toBe(2);
  });

  it("a 401 for another reason (a wrong password) is the answer, never a renewal", async () => {
    vi.useFakeTimers({ now: NOW });
    const s = server([() => token(1)], { other: () => refused("invalid_credentials") });
    mount();
    await settle();
    await act(() => switchOrg().catch(() => undefined));
    expect(s.refreshes()).toBe(1);
    screen.getByText("signed in as ada@example.com");
  });

  it("a sign-out in another tab signs this one out at once; a sign-in there is taken up", async () => {
    vi.useFakeTimers({ now: NOW });
    const s = server([() => token(1), () => token(2)]);
    mount();
    await settle();
    screen.getByText("signed in as ada@example.com");
    const otherTab = new BroadcastChannel("crosscast-session");
    otherTab.postMessage({ type: "signed-out" });
    await vi.waitFor(() => screen.getByText("signed out"));
    expect(s.refreshes()).toBe(1); // nothing asked: the other tab's word is enough
    otherTab.postMessage({ type: "signed-in" });
    await vi.waitFor(() => screen.getByText("signed in as ada@example.com"));
    expect(s.calls().at(-1)).toBe("/api/auth/refresh?include=me");
    otherTab.close();
  });

  describe("an emailed link", () => {
    const link = { token: "one-time", type: "invite" } as const;
    const linkServer = (refreshAnswers: Array<() => Response>, linkWorks = true) =>
      server(refreshAnswers, {
        other: (path) => {
          if (path === "/api/auth/link")
            return linkWorks
              ? json(200, { ...tokenBody(9), type: "invite" })
              : refused("invalid_link");
          throw new Error(`unexpected ${path}`);
        },
      });
    function LinkProbe() {
      const auth = useAuth();
      if (auth.isLoading) return <p>loading</p>;
      return (
        <>
          <p>{auth.user ? `signed in as ${auth.user.email}` : "signed out"}</p>
          {auth.heldLink && (
            <>
              <p>link held</p>
              <button type="button" onClick={() => void auth.followHeldLink()}>
                continue
              </button>
              <button type="button" onClick={auth.dropHeldLink}>
                stay
              </button>
            </>
          )}
        </>
      );
    }
    const mountWithLink = () =>
      render(
        <AuthProvider pendingLink={link}>
          <LinkProbe />
        </AuthProvider>,
      );

    /** Opens the app with the link held, then chooses to continue with it. */
    const mountAndContinue = async () => {
      mountWithLink();
      await settle();
      await act(async () => screen.getByText("continue").click());
      await settle();
    };

    it("with nobody signed in here, is used at once", async () => {
      vi.useFakeTimers({ now: NOW });
      const s = linkServer([() => refused("no_session")]);
      mountWithLink();
      await settle();
      screen.getByText("signed in as ada@example.com");
      expect(screen.queryByText("link held")).toBeNull();
      expect(s.calls()).toEqual(["/api/auth/refresh?include=me", "/api/auth/link", "/api/auth/me"]);
    });

    it("with someone signed in, is held until they choose: staying leaves it unused", async () => {
      vi.useFakeTimers({ now: NOW });
      const s = linkServer([() => token(1)]);
      mountWithLink();
      await settle();
      screen.getByText("signed in as ada@example.com");
      screen.getByText("link held");
      expect(s.calls()).toEqual(["/api/auth/refresh?include=me"]);
      await act(async () => screen.getByText("stay").click());
      expect(screen.queryByText("link held")).toBeNull();
      screen.getByText("signed in as ada@example.com");
      expect(s.calls()).toEqual(["/api/auth/refresh?include=me"]);
    });

    it("continuing uses the link: its account is signed in, in place of the current one", async () => {
      vi.useFakeTimers({ now: NOW });
      const s = linkServer([() => token(1)]);
      await mountAndContinue();
      screen.getByText("signed in as ada@example.com");
      expect(screen.queryByText("link held")).toBeNull();
      expect(s.calls()).toEqual(["/api/auth/refresh?include=me", "/api/auth/link", "/api/auth/me"]);
    });

    it("continuing with a dead link signs nobody out: the cookie's session is there on reload", async () => {
      vi.useFakeTimers({ now: NOW });
      const s = linkServer([() => token(1)], false);
      await mountAndContinue();
      // The page shows its invalid-link screen (nobody in this tab), and no sign-out was sent.
      screen.getByText("signed out");
      expect(s.calls()).toEqual(["/api/auth/refresh?include=me", "/api/auth/link"]);
    });
  });
});
