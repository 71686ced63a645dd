import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { Navigate } from "react-router";
import { PageLoading } from "../components/PageLoading";
import { useAuth } from "../lib/auth/AuthProvider";

// A signed-in user (most loads) never needs the sign-in form's code.
const SignInScreen = lazy(() =>
  import("../features/auth/SignInScreen").then((m) => ({ default: m.SignInScreen })),
);

/**
 * Protected routes show the sign-in screen in place when nobody is signed in (the URL stays, so
 * signing in lands the user where they were going). A user who must still set a password is
 * sent to the page that lets them (spec section 2, Routes).
 */
export function Protected({
  children,
  code,
}: {
  children: ReactNode;
  /**
   * The page's code. Loading starts at once: restoring the session takes a request, and loading
   * the page's chunk only after it put another round trip before the first rows (issue 15).
   * Until it has arrived the page is not shown at all: a page that suspended on its chunk would
   * keep React's Suspense fallback up for its reveal throttle (up to 300 ms) after the chunk came.
   */
  code?: { preload: () => Promise<unknown>; loaded: () => boolean };
}) {
  const { user, isLoading } = useAuth();
  const [codeReady, setCodeReady] = useState(() => !code || code.loaded());
  useEffect(() => {
    if (!code) return;
    let mounted = true;
    // A failure here is not shown: the page's own import fails the same way, inside its boundary.
    code
      .preload()
      .catch(() => undefined)
      .finally(() => {
        if (mounted) setCodeReady(true);
      });
    return () => {
      mounted = false;
    };
  }, [code]);
  if (isLoading) return <PageLoading />;
  if (!user)
    return (
      <Suspense fallback={<PageLoading />}>
        <SignInScreen />
      </Suspense>
    );
  if (user.isNewUser) return <Navigate to="/auth/welcome" replace />;
  if (user.isPasswordReset) return <Navigate to="/auth/reset-password" replace />;
  if (!codeReady) return <PageLoading />;
  return <>{children}</>;
}
