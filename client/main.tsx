import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppErrorBoundary } from "./app/errors/AppErrorBoundary";
import { AppRoutes, appRoutes, preloadOpeningPage, startOpeningReads } from "./app/routes";
import { AuthProvider } from "./lib/auth/AuthProvider";
import { followPastedLinks, takeHashLink } from "./lib/auth/hash-link";
import { beginRestore } from "./lib/auth/session";
import { BrandProvider, readInjectedBrand } from "./lib/brand";
import { installGlobalErrorReporting } from "./lib/errors/report";
import { ThemeProvider } from "./lib/theme/ThemeProvider";
import "./styles.css";

installGlobalErrorReporting();
const brand = readInjectedBrand();
// Must run before the router reads the address.
const pendingLink = takeHashLink();
followPastedLinks();
// A tab people come back to (after lunch, the next morning) shows current figures: what is on
// screen and older than 30 s is asked again when the tab is shown again (TanStack listens to
// visibilitychange). It had been off, so a dashboard left open all day kept the morning's
// numbers. The board keeps its own (staleTime Infinity: its room pushes every change).
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: true } },
});
const routes = appRoutes(brand);
preloadOpeningPage(routes);
// The session is restored as the entry runs, not in the provider's first effect (after the app's
// first render and paint), so the opening page's reads can leave with it (issue 15). An emailed
// link's page starts its own session instead.
if (!pendingLink) startOpeningReads(routes, queryClient, beginRestore());

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AppErrorBoundary>
      <BrandProvider brand={brand}>
        <ThemeProvider>
          <QueryClientProvider client={queryClient}>
            <AuthProvider pendingLink={pendingLink}>
              <BrowserRouter>
                <AppRoutes routes={routes} />
              </BrowserRouter>
            </AuthProvider>
          </QueryClientProvider>
        </ThemeProvider>
      </BrandProvider>
    </AppErrorBoundary>
  </StrictMode>,
);
