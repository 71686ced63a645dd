import { lazy, Suspense } from "react";
import { Outlet } from "react-router";
import { useAuth } from "../lib/auth/AuthProvider";
import { useTheme } from "../lib/theme/ThemeProvider";
import { Toasts } from "../lib/toast";
import { Footer } from "./Footer";
import { Header } from "./Header";

// Shown only to a person with invitations waiting, so its code stays out of everyone's first
// load (the client budget, issue 9); the session already says whether there are any.
const InvitationsBanner = lazy(() =>
  import("../features/organization/InvitationsBanner").then((m) => ({
    default: m.InvitationsBanner,
  })),
);

/** Fixed header and footer around the page; toasts top right (spec "Shared layout"). */
export function Layout() {
  const { preference } = useTheme();
  const { invitations } = useAuth();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:shadow dark:focus:bg-slate-800"
      >
        Skip to content
      </a>
      <Header />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 pb-20 pt-20 outline-none sm:px-6"
      >
        {invitations.length > 0 && (
          <Suspense fallback={null}>
            <InvitationsBanner />
          </Suspense>
        )}
        <Outlet />
      </main>
      <Footer />
      <Toasts theme={preference} />
    </div>
  );
}
