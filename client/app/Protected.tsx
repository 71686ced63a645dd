import { lazy, type ReactNode, Suspense } from "react";
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
export function Protected({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
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
