import type { ApiRoute, ResponseOf } from "../../../shared/api/define";
import { type CallInput, call } from "../api/client";
import { type KeyPart, orgQuery } from "./define-query";

/** A route of an organisation's data: its path starts with /orgs/{orgId}. */
type OrgRoute = ApiRoute & { path: `/orgs/{orgId}${string}`; tags: string[] };

/** The (feature, query) of a route's cache key: its tag, and its method and path under the org. */
export const routeKeyName = (route: OrgRoute) => ({
  feature: route.tags[0] ?? "api",
  query: `${route.method} ${route.path.slice("/orgs/{orgId}".length) || "/"}`,
});

/**
 * A cached query of one route declared in shared/api/: the key is
 * `["org", orgId, <route's tag>, "<method> <path>", ...args]` and the cached data is exactly the
 * route's answer (ResponseOf<route>), so neither can drift from the API. `input` turns the key's
 * arguments into the call's path parameters, query and body (by default the org id alone).
 * Everything else (the one-shape-per-key guarantee, typed getQueryData) is orgQuery's.
 */
export function routeQuery<R extends OrgRoute, Args extends KeyPart[] = []>(
  route: R,
  input?: (orgId: string, ...args: Args) => CallInput<R>,
) {
  const { feature, query } = routeKeyName(route);
  // call()'s parameter list depends on R, which TypeScript cannot resolve for a generic R.
  const send = call as (route: R, input: unknown) => Promise<ResponseOf<R>>;
  return orgQuery(feature, query, (orgId: string, ...args: Args) =>
    send(route, input ? input(orgId, ...args) : { params: { orgId } }),
  );
}
