import { type FormEvent, useEffect, useState } from "react";
import { authApi } from "../../../shared/api/auth";
import { authErrorMessage, authSuccessMessages, linkMessages } from "../../../shared/messages";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordLength,
} from "../../../shared/schemas/auth";
import { Banner, type BannerKind, Button, Field } from "../../components/form";
import { ApiError, call } from "../../lib/api/client";
import { useAuth } from "../../lib/auth/AuthProvider";
import { useBrand } from "../../lib/brand";
import { usePageTitle } from "../../lib/page-title";
import { toast } from "../../lib/toast";

type Mode = "signin" | "signup" | "reset";

/** Picks the spec's words for a failure: by the envelope's reason, or the network message. */
export function messageForAuthError(error: unknown): string {
  if (error instanceof ApiError)
    return authErrorMessage(error.code === "NETWORK" ? "network" : (error.reason ?? error.code));
  return authErrorMessage(null);
}

export function SignInScreen() {
  const brand = useBrand();
  const { signIn } = useAuth();
  const [mode, setMode] = useState<Mode>("signin");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [banner, setBanner] = useState<{ kind: BannerKind; text: string } | null>(null);

  // Arriving from an email confirmation link (/?confirmed=1) says so in the banner.
  useEffect(() => {
    const confirmed = new URLSearchParams(window.location.search).get("confirmed");
    if (confirmed === "1") setBanner({ kind: "success", text: authSuccessMessages.emailConfirmed });
    if (confirmed === "0")
      setBanner({ kind: "error", text: "This confirmation link is invalid or has expired." });
  }, []);

  const switchMode = (next: Mode) => {
    setMode(next);
    setBanner(null);
  };
  const backToSignIn = (kind: BannerKind, text: string) => {
    setMode("signin");
    setEmail("");
    setPassword("");
    setBanner({ kind, text });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The spec's message in the banner, not the browser's minlength tooltip.
    if (mode === "signup" && passwordLength(password) < PASSWORD_MIN_LENGTH) {
      setBanner({ kind: "error", text: authErrorMessage("password_too_short") });
      return;
    }
    setBusy(true);
    setBanner(null);
    try {
      if (mode === "signin") {
        // The protected route re-renders with the user (or sends a user who must still choose a
        // password to /auth/welcome or /auth/reset-password).
        await signIn(email, password);
        toast.success(authSuccessMessages.welcomeBack);
      } else if (mode === "signup") {
        await call(authApi.signUp, { body: { email, password } });
        backToSignIn("success", authSuccessMessages.accountCreated);
      } else {
        await call(authApi.resetRequest, { body: { email } });
        backToSignIn("info", linkMessages.selfResetSent);
      }
    } catch (error) {
      setBanner({
        kind: "error",
        text:
          mode === "reset" && !(error instanceof ApiError && error.reason === "rate_limited")
            ? linkMessages.selfResetFailed
            : messageForAuthError(error),
      });
    } finally {
      setBusy(false);
    }
  };

  const title = { signin: "Sign in", signup: "Create account", reset: "Reset password" }[mode];
  usePageTitle(title);
  const action = { signin: "Sign in", signup: "Create account", reset: "Send reset email" }[mode];
  return (
    <div className="mx-auto mt-8 max-w-sm">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="mb-1 text-xl font-semibold">{title}</h1>
        <p className="mb-5 text-sm text-slate-500 dark:text-slate-400">
          {mode === "reset"
            ? "We will email you a temporary password."
            : `Welcome to ${brand.name}.`}
        </p>
        <form onSubmit={submit} className="space-y-4" noValidate={false} aria-label={title}>
          {banner && <Banner kind={banner.kind}>{banner.text}</Banner>}
          <Field
            id="email"
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          {mode !== "reset" && (
            <Field
              id="password"
              label="Password"
              type="password"
              maxLength={PASSWORD_MAX_LENGTH}
              autoComplete={mode === "signup" ? "new-password" : "current-password"}
              required
              aria-describedby={mode === "signup" ? "password-rule" : undefined}
              hint={
                mode === "signup" ? (
                  <span id="password-rule">At least {PASSWORD_MIN_LENGTH} characters.</span>
                ) : undefined
              }
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Please wait..." : action}
          </Button>
        </form>
        <div className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
          {mode === "signin" ? (
            <>
              <button
                type="button"
                className="text-indigo-600 hover:underline dark:text-indigo-400"
                onClick={() => switchMode("reset")}
              >
                Forgot password?
              </button>
              {brand.allowSignup && (
                <button
                  type="button"
                  className="text-indigo-600 hover:underline dark:text-indigo-400"
                  onClick={() => switchMode("signup")}
                >
                  Create account
                </button>
              )}
            </>
          ) : (
            <button
              type="button"
              className="text-indigo-600 hover:underline dark:text-indigo-400"
              onClick={() => switchMode("signin")}
            >
              Back to sign in
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
