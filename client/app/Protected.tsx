import { lazy, type ReactNode, Suspense, useEffect } from "react";
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
  preload,
}: {
  children: ReactNode;
  /**
   * Starts loading the page's code at once. Restoring the session takes two requests; loading the
   * page's chunk only after them put a third round trip before the first rows (issue 15). The
   * browser caches the module, so the page's own lazy import then resolves at once.
   */
  preload?: () => Promise<unknown>;
}) {
  const { user, isLoading } = useAuth();
  useEffect(() => {
    // A failure here is not shown: the page's own import fails the same way, inside its boundary.
    preload?.().catch(() => undefined);
  }, [preload]);
  if (isLoading) return <PageLoading />;
  if (!user)
    return (
      <Suspense fallback={<PageLoading />}>
        <SignInScreen />
      </Suspense>
    );
  if (user.isNewUser) return <Navigate to="/auth/welcome" replace />;
  if (user.isPasswordReset) return <Navigate to="/auth/reset-password" replace />;
  return <>{children}</>;
}
