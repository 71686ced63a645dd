import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { AuthProvider } from "../../client/lib/auth/AuthProvider";

/** A JSON answer, as the fake servers of the client tests give it at fetch. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/**
 * Renders `ui` as the app would for a signed-in person at `address`: the app's query freshness
 * (client/main.tsx: a list read in the last 30 s is not read again), the session restored through
 * /api/auth/refresh (the test's fetch answers it), and a router at that address.
 */
export function renderSignedIn(ui: ReactNode, address: string) {
  return render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } })}
    >
      <AuthProvider>
        <MemoryRouter initialEntries={[address]}>{ui}</MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}
