import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { authApi } from "../../../shared/api/auth";
import { linkMessages } from "../../../shared/messages";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordLength,
} from "../../../shared/schemas/auth";
import { Banner, Button, Field } from "../../components/form";
import { PageLoading } from "../../components/PageLoading";
import { ApiError, call } from "../../lib/api/client";
import { serverMessage } from "../../lib/api/errors";
import { useAuth } from "../../lib/auth/AuthProvider";
import { usePageTitle } from "../../lib/page-title";
import { toast } from "../../lib/toast";

type Props = {
  kind: "invite" | "recovery";
  title: string;
  invalidLinkMessage: string;
  successMessage: string;
  /** Where to go 1.5 s after success. */
  successPath: string;
};

/** Shared body of /auth/welcome and /auth/reset-password: choose a permanent password. */
export function SetPasswordPage({
  kind,
  title,
  invalidLinkMessage,
  successMessage,
  successPath,
}: Props) {
  const { user, isLoading, reload, signOut, heldLink } = useAuth();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const invalid = !isLoading && !user;

  // On to / after 3 s as a new page load: the link was tried instead of the tab's session, so a
  // person still signed in (an old link opened from their mailbox) lands on their dashboard,
  // where an in-app navigation would have shown them the sign-in form.
  useEffect(() => {
    if (!invalid) return undefined;
    toast.error(invalidLinkMessage);
    const timer = setTimeout(() => window.location.replace("/"), 3000);
    return () => clearTimeout(timer);
  }, [invalid, invalidLinkMessage]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (passwordLength(password) < PASSWORD_MIN_LENGTH)
      return setError(linkMessages.passwordMinLength);
    if (password !== confirm) return setError(linkMessages.passwordsDoNotMatch);
    setBusy(true);
    setError(null);
    try {
      await call(authApi.setPassword, {
        body: { newPassword: password, type: kind === "invite" ? "invite" : "recovery" },
      });
      setDone(true);
      toast.success(successMessage);
      setTimeout(() => void reload().finally(() => navigate(successPath, { replace: true })), 1500);
    } catch (e) {
      const reason = e instanceof ApiError ? e.reason : undefined;
      if (reason?.startsWith("invalid_session") || reason === "no_session")
        setError(
          kind === "invite" ? linkMessages.invalidSessionInvite : linkMessages.invalidSessionReset,
        );
      else setError(serverMessage(e, linkMessages.resetFailed));
    } finally {
      setBusy(false);
    }
  };

  usePageTitle(invalid ? "Link not valid" : heldLink ? HELD_LINK_TITLE : title);
  if (isLoading) return <PageLoading />;
  if (heldLink && user) return <HeldLinkChoice kind={kind} email={user.email} />;
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 px-4 dark:bg-slate-950">
      <div
        className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        data-kind={kind}
      >
        <h1 className="mb-4 text-xl font-semibold">{invalid ? "Link not valid" : title}</h1>
        {invalid ? (
          <Banner kind="error">{invalidLinkMessage} Redirecting...</Banner>
        ) : (
          <form onSubmit={submit} className="space-y-4">
            {error && <Banner kind="error">{error}</Banner>}
            {done && <Banner kind="success">{successMessage}</Banner>}
            <p className="text-sm text-slate-500 dark:text-slate-400">Signed in as {user?.email}</p>
            <Field
              id="new-password"
              label="New password"
              type="password"
              maxLength={PASSWORD_MAX_LENGTH}
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Field
              id="confirm-password"
              label="Confirm new password"
              type="password"
              maxLength={PASSWORD_MAX_LENGTH}
              autoComplete="new-password"
              required
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
            <Button type="submit" className="w-full" disabled={busy || done}>
              {busy ? "Saving..." : "Set password"}
            </Button>
            {/* Every other page leads back here until a password is set: on a shared computer,
                or after opening someone else's link, this is the way out. */}
            <p className="text-center text-sm text-slate-600 dark:text-slate-300">
              Not you, or not now?{" "}
              <button
                type="button"
                className="font-medium text-indigo-700 underline dark:text-indigo-300"
                onClick={() => void signOut().finally(() => navigate("/", { replace: true }))}
              >
                Sign out
              </button>
            </p>
          </form>
        )}
      </div>
    </div>
  );
}

const HELD_LINK_TITLE = "Open this link?";

/**
 * An emailed link opened in a browser where someone is signed in. The link is the credential of
 * the account it was sent to: using it signs that account in and this one out, in every tab.
 * Asked first, so an admin who opens the invitation they just sent (or someone at a shared
 * computer) is not signed in as somebody else without a word.
 */
function HeldLinkChoice({ kind, email }: { kind: "invite" | "recovery"; email: string }) {
  const { followHeldLink, dropHeldLink } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const what = kind === "invite" ? "invitation link" : "password reset link";
  // The page opens on its question (focus was left on the page's body).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 px-4 dark:bg-slate-950">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 ref={heading} tabIndex={-1} className="mb-4 text-xl font-semibold">
          {HELD_LINK_TITLE}
        </h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          You are signed in as <strong className="break-all">{email}</strong>. This {what} signs in
          the account it was emailed to, in place of {email} in this browser.
        </p>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          If it was emailed to {email}, you are signed in already and do not need it.
        </p>
        {/* The safe choice first: staying changes nothing, and the link still works later. */}
        <div className="mt-6 flex flex-col gap-2">
          <Button
            disabled={busy}
            onClick={() => {
              dropHeldLink();
              navigate("/dashboard", { replace: true });
            }}
          >
            <span className="break-all">Stay signed in as {email}</span>
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void followHeldLink().finally(() => setBusy(false));
            }}
          >
            {busy ? "Opening..." : "Continue with the link"}
          </Button>
        </div>
      </div>
    </div>
  );
}
