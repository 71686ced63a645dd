/**
 * The dashboard's code, the page most loads open on ("/" and "/dashboard", routes.tsx).
 * Importing this module starts that download when the address is one of those, as the entry's
 * very first step: the router started it only once the entry had been evaluated, its API schemas
 * and routes built, about 80 ms later in a Chromium trace, with the dashboard's chunks then the
 * longest wait before the Videos tab's first request (issue 15). The router's own preload reuses
 * the same module fetch, so the code is fetched once.
 */
export const loadDashboard = () => import("../features/dashboard/DashboardPage");

const DASHBOARD_PATHS = ["/", "/dashboard"];

if (DASHBOARD_PATHS.includes(location.pathname))
  // A failure is not shown here: the page's own import fails the same way, in its boundary.
  loadDashboard().catch(() => undefined);
