import { QueryClientContext } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { MeResponse, TokenResponse } from "../../../shared/schemas/auth";
import { ApiError, setAccessToken, setSessionRenewer } from "../api/client";
import { SESSION_ENDED_MESSAGE } from "../api/errors";
import { toast } from "../toast";
import type { PendingLink } from "./hash-link";
import {
  answerInvitation,
  exchangeLinkToken,
  fetchMe,
  REFRESH_MARGIN_MS,
  refreshBackoffMs,
  refreshSession,
  restoreSession,
  signInWithPassword,
  signOutSession,
  switchActiveOrganization,
} from "./session";

/** The auth state of spec section 4. */
export type AuthState = {
  user: MeResponse["user"] | null;
  profile: MeResponse["user"] | null;
  organization: MeResponse["organization"];
  userOrganization: MeResponse["membership"];
  isLoading: boolean;
  error: string | null;
  isAdmin: boolean;
  /** Every organisation the person belongs to (the avatar menu's switcher). */
  memberships: MeResponse["memberships"];
  /** Invitations waiting for the person's answer (the banner). */
  invitations: MeResponse["invitations"];
};

type AuthContextValue = AuthState & {
  signIn: (email: string, password: string) => Promise<MeResponse>;
  signOut: () => Promise<void>;
  /** Adopts a token obtained elsewhere (e.g. an emailed link) and loads the user. */
  adoptSession: (token: TokenResponse) => Promise<MeResponse>;
  reload: () => Promise<void>;
  /** Makes another of the person's organisations the active one (remembered for next time). */
  switchOrganization: (organizationId: string) => Promise<void>;
  /** Accepts or declines an invitation. */
  answerInvitation: (invitationId: string, answer: "accept" | "decline") => Promise<MeResponse>;
  /**
   * An emailed link opened while someone is signed in in this browser: kept, not used, until
   * they choose (the link signs its own account in, and this browser's session out).
   */
  heldLink: PendingLink | null;
  /**
   * Uses the link: its account takes this browser's session, in every tab. A used or expired
   * link signs this tab out only until the page loads again (the session's cookie is untouched).
   */
  followHeldLink: () => Promise<void>;
  /** Keeps the current session; the link stays unused (it still works from the email). */
  dropHeldLink: () => void;
};

const signedOut: AuthState = {
  user: null,
  profile: null,
  organization: null,
  userOrganization: null,
  isLoading: false,
  error: null,
  isAdmin: false,
  memberships: [],
  invitations: [],
};
const AuthContext = createContext<AuthContextValue | null>(null);

/*
 * The tabs of one browser share the refresh cookie, so they share one session: a sign-out in one
 * ends it in all, and a sign-in in one starts it in all. Each tab tells the others, so a tab left
 * open does not go on showing an organisation's data after its person signed out elsewhere (it
 * learnt it only at its next request, and showed that request's failure as an empty table).
 */
const TABS_CHANNEL = "crosscast-session";
type TabMessage = { type: "signed-out" } | { type: "signed-in" };
const openTabsChannel = () =>
  typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(TABS_CHANNEL);

const fromMe = (me: MeResponse): AuthState => ({
  user: me.user,
  profile: me.user,
  organization: me.organization,
  userOrganization: me.membership,
  isLoading: false,
  error: null,
  isAdmin: me.isAdmin,
  memberships: me.memberships,
  invitations: me.invitations,
});

export function AuthProvider({
  children,
  pendingLink = null,
}: {
  children: ReactNode;
  pendingLink?: PendingLink | null;
}) {
  const [state, setState] = useState<AuthState>({ ...signedOut, isLoading: true });
  const [heldLink, setHeldLink] = useState<PendingLink | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const tabs = useRef<BroadcastChannel | null>(null);
  const tellTabs = useCallback((message: TabMessage) => tabs.current?.postMessage(message), []);
  // The session is over for this tab: no token, no timer, the person told why (unless they
  // signed out themselves, here or in another tab).
  const endSession = useRef((why: string | null = SESSION_ENDED_MESSAGE) => {
    clearTimeout(timer.current);
    setAccessToken(null);
    setState(signedOut);
    if (why) toast.error(why);
  });

  const scheduleRefresh = useCallback((token: TokenResponse, attempt = 0) => {
    clearTimeout(timer.current);
    const wait =
      attempt > 0
        ? refreshBackoffMs(attempt)
        : Math.max(5_000, Date.parse(token.expiresAt) - Date.now() - REFRESH_MARGIN_MS);
    timer.current = setTimeout(async () => {
      try {
        const next = await refreshSession();
        if (next) scheduleRefresh(next);
        else endSession.current(); // the server said no: the session is gone
      } catch {
        scheduleRefresh(token, attempt + 1); // network trouble: try again soon
      }
    }, wait);
  }, []);

  const adoptSession = useCallback(
    async (token: TokenResponse) => {
      const me = await fetchMe();
      setState(fromMe(me));
      scheduleRefresh(token);
      return me;
    },
    [scheduleRefresh],
  );

  // An invalid or used link leaves nobody signed in: the page then shows its invalid-link screen.
  const signInWithLink = useCallback(
    async (link: PendingLink) => {
      const linked = await exchangeLinkToken(link.token).catch(() => null);
      if (linked) {
        await adoptSession(linked);
        return true;
      }
      setState(signedOut);
      return false;
    },
    [adoptSession],
  );

  const initialize = useCallback(async () => {
    try {
      if (pendingLink) {
        // Someone already signed in here is asked first: using the link would sign them out and
        // its account in, in every tab, with nothing said (an admin trying the link they sent).
        const current = await restoreSession().catch(() => null);
        if (current) {
          setHeldLink(pendingLink);
          setState(fromMe(current.me));
          return scheduleRefresh(current.token);
        }
        return void (await signInWithLink(pendingLink));
      }
      const restored = await restoreSession();
      if (!restored) return setState(signedOut);
      setState(fromMe(restored.me));
      scheduleRefresh(restored.token);
    } catch (error) {
      setState({
        ...signedOut,
        error:
          error instanceof ApiError && error.code !== "NETWORK"
            ? "Failed to initialize auth state"
            : null,
      });
    }
  }, [signInWithLink, scheduleRefresh, pendingLink]);

  useEffect(() => {
    void initialize();
    return () => clearTimeout(timer.current);
  }, [initialize]);

  const followHeldLink = useCallback(async () => {
    if (!heldLink) return;
    setHeldLink(null);
    clearTimeout(timer.current);
    setState({ ...signedOut, isLoading: true });
    setAccessToken(null);
    // The link first: a used or expired one leaves the browser's session as it was (the page
    // says the link is not valid, then loads again and restores it). A good one replaces the
    // session's cookie, so the other tabs drop the old person and take up the new one.
    if (!(await signInWithLink(heldLink))) return;
    tellTabs({ type: "signed-out" });
    tellTabs({ type: "signed-in" });
  }, [heldLink, signInWithLink, tellTabs]);
  const dropHeldLink = useCallback(() => setHeldLink(null), []);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const me = await adoptSession(await signInWithPassword(email, password));
      tellTabs({ type: "signed-in" });
      return me;
    },
    [adoptSession, tellTabs],
  );

  const signOut = useCallback(async () => {
    clearTimeout(timer.current);
    try {
      await signOutSession();
    } finally {
      setState(signedOut);
      tellTabs({ type: "signed-out" });
    }
  }, [tellTabs]);

  // A call refused for its session renews it once (client/lib/api/client.ts); when the server
  // no longer knows the session, this tab is signed out and told so.
  useEffect(() => {
    setSessionRenewer(async () => {
      const next = await refreshSession();
      if (next) {
        scheduleRefresh(next);
        return true;
      }
      endSession.current();
      return false;
    });
    return () => setSessionRenewer(undefined);
  }, [scheduleRefresh]);

  // What another tab says: a sign-out there ends this tab's session now; a sign-in there is
  // taken up by a tab that shows the sign-in screen (the cookie is the new session's).
  const signedIn = state.user !== null;
  const signedInNow = useRef(signedIn);
  signedInNow.current = signedIn;
  const takeUpSession = useCallback(async () => {
    const restored = await restoreSession().catch(() => null);
    if (!restored || signedInNow.current) return;
    setState(fromMe(restored.me));
    scheduleRefresh(restored.token);
  }, [scheduleRefresh]);
  useEffect(() => {
    const channel = openTabsChannel();
    tabs.current = channel;
    if (!channel) return;
    channel.onmessage = (event: MessageEvent<TabMessage>) => {
      if (event.data?.type === "signed-out") {
        endSession.current(null);
        // Now, not at the next render: a "signed-in" right behind it (another account's link
        // followed there) must be taken up, not ignored as this tab's own session.
        signedInNow.current = false;
      } else if (event.data?.type === "signed-in" && !signedInNow.current) void takeUpSession();
    };
    return () => {
      channel.close();
      tabs.current = null;
    };
  }, [takeUpSession]);

  // Nothing of a signed-out session stays in memory: the cached answers go once the signed-in
  // pages have gone (clearing them first would have those pages ask again, and be refused).
  const queryClient = useContext(QueryClientContext);
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (wasSignedIn.current && !signedIn) queryClient?.clear();
    wasSignedIn.current = signedIn;
  }, [signedIn, queryClient]);

  // This tab's active organisation: kept across reloads of /me even if another tab switched.
  const activeOrgId = state.organization?.id ?? null;
  const reload = useCallback(async () => {
    const me = await fetchMe(activeOrgId);
    setState(fromMe(me));
  }, [activeOrgId]);

  const switchOrganization = useCallback(async (organizationId: string) => {
    setState(fromMe(await switchActiveOrganization(organizationId)));
  }, []);

  const answer = useCallback(
    async (invitationId: string, reply: "accept" | "decline") => {
      const me = await answerInvitation(invitationId, reply);
      // Accepting does not move this tab: the person switches when they choose to.
      setState(fromMe(activeOrgId ? await fetchMe(activeOrgId) : me));
      return me;
    },
    [activeOrgId],
  );

  const value = useMemo(
    () => ({
      ...state,
      signIn,
      signOut,
      adoptSession,
      reload,
      switchOrganization,
      answerInvitation: answer,
      heldLink,
      followHeldLink,
      dropHeldLink,
    }),
    [
      state,
      signIn,
      signOut,
      adoptSession,
      reload,
      switchOrganization,
      answer,
      heldLink,
      followHeldLink,
      dropHeldLink,
    ],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside AuthProvider");
  return value;
}
