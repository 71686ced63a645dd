import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { createBrowserRouter, Navigate } from "react-router";
import { PageLoading } from "../components/PageLoading";
import type { ClientBrand } from "../lib/brand";
import { RouteErrorBoundary } from "./errors/RouteErrorBoundary";
import { Layout } from "./Layout";
import { Protected } from "./Protected";

// Pages are split into their own chunks so the first load only carries the shell.
const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
};
const protectedPage = (load: () => Promise<{ default: ComponentType }>): ReactNode => (
  <Protected>{page(load)}</Protected>
);

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
          element: protectedPage(() => import("../features/dev/CrashTestPage")),
        },
      ]
    : [];

export function createAppRouter(brand: ClientBrand) {
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
  return createBrowserRouter([
    {
      element: <Layout />,
      // If the header or footer fails, this screen replaces the whole layout.
      errorElement: <RouteErrorBoundary />,
      children: [
        {
          // Every page's own boundary: a failing page shows the error screen between the
          // header and footer, so the way back stays on screen.
          errorElement: <RouteErrorBoundary />,
          children: [
            { index: true, element: protectedPage(Dashboard) },
            { path: "dashboard", element: protectedPage(Dashboard) },
            {
              path: "reports",
              element: protectedPage(() => import("../features/reports/ReportsPage")),
            },
            {
              path: "account-settings",
              element: protectedPage(() => import("../features/account/AccountSettingsPage")),
            },
            {
              path: "organization-settings",
              element: protectedPage(
                () => import("../features/organization/OrganizationSettingsPage"),
              ),
            },
            {
              path: "admin/storage",
              element: protectedPage(() => import("../features/storage/StoragePage")),
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
      element: page(() => import("../features/auth/ResetPasswordPage")),
      errorElement: <RouteErrorBoundary />,
    },
    {
      path: "reset-password",
      element: page(() => import("../features/auth/ResetPasswordPage")),
      errorElement: <RouteErrorBoundary />,
    },
    {
      path: "auth/welcome",
      element: page(() => import("../features/auth/WelcomePage")),
      errorElement: <RouteErrorBoundary />,
    },
    {
      path: "*",
      element: <Navigate to="/dashboard" replace />,
      errorElement: <RouteErrorBoundary />,
    },
  ]);
}
