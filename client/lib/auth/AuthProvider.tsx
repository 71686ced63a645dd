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
import { ApiError } from "../api/client";
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
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

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
        else setState(signedOut); // the server said no: the session is gone
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

  const initialize = useCallback(async () => {
    try {
      if (pendingLink) {
        // An invalid or used link leaves nobody signed in: the page then shows its invalid-link screen.
        const linked = await exchangeLinkToken(pendingLink.token).catch(() => null);
        if (linked) return void (await adoptSession(linked));
        return setState(signedOut);
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
  }, [adoptSession, scheduleRefresh, pendingLink]);

  useEffect(() => {
    void initialize();
    return () => clearTimeout(timer.current);
  }, [initialize]);

  const signIn = useCallback(
    async (email: string, password: string) =>
      adoptSession(await signInWithPassword(email, password)),
    [adoptSession],
  );

  const signOut = useCallback(async () => {
    clearTimeout(timer.current);
    try {
      await signOutSession();
    } finally {
      setState(signedOut);
    }
  }, []);

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
    }),
    [state, signIn, signOut, adoptSession, reload, switchOrganization, answer],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside AuthProvider");
  return value;
}
