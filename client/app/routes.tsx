import type { QueryClient } from "@tanstack/react-query";
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from "react";
import { matchRoutes, Navigate, Outlet, type RouteObject, useRoutes } from "react-router";
import type { MeResponse } from "../../shared/schemas/auth";
import { PageLoading } from "../components/PageLoading";
import { startDashboardReads } from "../features/dashboard/opening-reads";
import type { ClientBrand } from "../lib/brand";
import { RouteErrorBoundary } from "./errors/RouteErrorBoundary";
import { Layout } from "./Layout";
import { Protected } from "./Protected";

type PageModule = { default: ComponentType };

/**
 * A page in its own chunk, so the first load only carries the shell. React.lazy suspends on its
 * first render even when the chunk has already arrived, and React then keeps the fallback up for
 * as long as 300 ms (its Suspense reveal throttle): a 340 ms idle gap before the dashboard's first
 * request, in a Chromium trace (issue 15). A page whose chunk arrived while the session was being
 * restored renders at once instead; one still on its way suspends as before. The choice is made
 * once per mount, so a later render never swaps the component (which would remount the page).
 */
function splitPage(load: () => Promise<PageModule>) {
  let loaded: ComponentType | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  function Page() {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return { Page, code: { preload, loaded: () => loaded !== null } };
}

const page = (load: () => Promise<PageModule>) => {
  const { Page } = splitPage(load);
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
};
/** Starts a page's first reads for an organisation and the address's query string. */
type OpeningReads = (
  queryClient: QueryClient,
  organization: { id: string; timezone: string },
  params: URLSearchParams,
) => void;
/** What a route tells the app about the page it opens on (see below). */
type RouteHandle = { preload?: () => Promise<unknown>; reads?: OpeningReads };

/**
 * A signed-in page's route. Its code is fetched while the session is being restored, not after
 * it; `handle.preload` lets the router start that download for the address the app opens on.
 * `handle.reads` asks for what the page shows first as soon as the session is restored (see
 * startOpeningReads).
 */
const protectedPage = (load: () => Promise<PageModule>, reads?: OpeningReads) => {
  const { Page, code } = splitPage(load);
  const element: ReactNode = (
    <Protected code={code}>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </Protected>
  );
  const handle: RouteHandle = { preload: code.preload, reads };
  return { element, handle };
};

/** The routes the address the app opens on matches, outermost first. */
const openingMatches = (routes: RouteObject[]) => matchRoutes(routes, window.location) ?? [];

/**
 * Starts downloading the code of the page the app opens on before the first render: waiting
 * for Protected's effect left the dashboard's chunk the last thing to arrive before its first
 * request, once the session came with the page's head (issue 15).
 */
export function preloadOpeningPage(routes: RouteObject[]) {
  for (const { route } of openingMatches(routes)) {
    const handle = route.handle as RouteHandle | undefined;
    // A failure is not shown here: the page's own import fails the same way, in its boundary.
    handle?.preload?.().catch(() => undefined);
  }
}

/**
 * Sends the first reads of the page the app opens on as soon as the session restored by the
 * entry says whose organisation it is. In the page's own effects they left about 0.3 s after
 * the session had come: after the app's first render, the page's code and its first render
 * (issue 15, docs/performance.md "The opening page's reads sent with the session"). The page
 * reads the same cache entries, so nothing is asked for twice; a failed read is not shown here,
 * as the page asks again with its own query and shows the error. Not for a person who is sent
 * on to set a password first.
 */
export function startOpeningReads(
  routes: RouteObject[],
  queryClient: QueryClient,
  restoring: Promise<{ me: MeResponse } | null>,
) {
  restoring.then(
    (restored) => {
      const user = restored?.me.user;
      const organization = restored?.me.organization;
      if (!user || !organization || user.isNewUser || user.isPasswordReset) return;
      for (const { route } of openingMatches(routes)) {
        const handle = route.handle as RouteHandle | undefined;
        handle?.reads?.(queryClient, organization, new URLSearchParams(window.location.search));
      }
    },
    // The provider shows a failed restore; this only gives up its reads.
    () => undefined,
  );
}

const Dashboard = () => import("../features/dashboard/DashboardPage");

/**
 * Local builds (npm start, the browser tests) carry a page that fails on purpose, so the error
 * boundaries and error reports are tested end to end; deployed builds leave it out entirely.
 */
const crashTestRoutes =
  import.meta.env.VITE_TEST_ROUTES === "1"
    ? [
        {
          path: "__crash-test",
          ...protectedPage(() => import("../features/dev/CrashTestPage")),
        },
      ]
    : [];

/** A standalone page (no app chrome) with its own error boundary. */
const standalone = (load: () => Promise<PageModule>) => (
  <RouteErrorBoundary>{page(load)}</RouteErrorBoundary>
);

/**
 * The app's routes. React Router's declarative mode: the app loads no data through the router
 * (TanStack Query does), and the data router's code was 16.5 KB of the first load's 189 KB
 * gzipped, above the 170 KB budget (issue 9). Error boundaries are our own components, placed
 * where the data router's error elements were.
 */
export function appRoutes(brand: ClientBrand): RouteObject[] {
  const legal = brand.legalPages
    ? [
        { path: "legal", element: page(() => import("../features/legal/LegalPage")) },
        { path: "privacy", element: page(() => import("../features/legal/PrivacyPage")) },
        {
          path: "manage-cookies",
          element: page(() => import("../features/legal/ManageCookiesPage")),
        },
      ]
    : [];
  return [
    {
      // If the header or footer fails, this screen replaces the whole layout.
      element: (
        <RouteErrorBoundary>
          <Layout />
        </RouteErrorBoundary>
      ),
      children: [
        {
          // Every page's own boundary: a failing page shows the error screen between the
          // header and footer, so the way back stays on screen.
          element: (
            <RouteErrorBoundary>
              <Outlet />
            </RouteErrorBoundary>
          ),
          children: [
            { index: true, ...protectedPage(Dashboard, startDashboardReads) },
            { path: "dashboard", ...protectedPage(Dashboard, startDashboardReads) },
            {
              path: "reports",
              ...protectedPage(() => import("../features/reports/ReportsPage")),
            },
            {
              path: "account-settings",
              ...protectedPage(() => import("../features/account/AccountSettingsPage")),
            },
            {
              path: "organization-settings",
              ...protectedPage(() => import("../features/organization/OrganizationSettingsPage")),
            },
            {
              path: "admin/storage",
              ...protectedPage(() => import("../features/storage/StoragePage")),
            },
            {
              path: "update-log",
              element: page(() => import("../features/update-log/UpdateLogPage")),
            },
            ...legal,
            ...crashTestRoutes,
          ],
        },
      ],
    },
    // Link-driven pages stand alone (no app chrome): they finish an invitation or a recovery.
    {
      path: "auth/reset-password",
      element: standalone(() => import("../features/auth/ResetPasswordPage")),
    },
    {
      path: "reset-password",
      element: standalone(() => import("../features/auth/ResetPasswordPage")),
    },
    {
      path: "auth/welcome",
      element: standalone(() => import("../features/auth/WelcomePage")),
    },
    { path: "*", element: <Navigate to="/dashboard" replace /> },
  ];
}

/** The page the address asks for. */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}
