import { type QueryKey, queryOptions } from "@tanstack/react-query";

/** What may appear in a cache key after the query's name: plain, comparable values. */
export type KeyPart = string | number | boolean | null;

const claimed = new Set<string>();

/**
 * Claims a query name once for the whole client. Two screens that cached different shapes under
 * one key crashed the app (issue #21); a name claimed twice now fails the moment its module loads.
 */
function claim(name: string) {
  if (claimed.has(name)) throw new Error(`Two queries claim the cache key "${name}"`);
  claimed.add(name);
}

/**
 * Declares one cached query of an organisation's data. Its key is
 * `["org", orgId, feature, query, ...args]`, and the (feature, query) pair belongs to exactly one
 * fetcher, so one key always holds one shape. The returned options carry the fetcher with the
 * key, and TanStack tags the key with the data type, so `getQueryData`/`setQueryData` are typed.
 * Callers spread them: `useQuery({ ...dashboardQueries.channels(orgId), enabled })`, and use
 * `select` to derive another shape without changing what is cached.
 */
export function orgQuery<T, Args extends KeyPart[] = []>(
  feature: string,
  query: string,
  fetcher: (orgId: string, ...args: Args) => Promise<T>,
) {
  claim(`org:${feature}.${query}`);
  return (orgId: string, ...args: Args) =>
    queryOptions({
      queryKey: ["org", orgId, feature, query, ...args] as const,
      queryFn: () => fetcher(orgId, ...args),
    });
}

/** A cached query that belongs to no organisation (the change logs, the session's own data). */
export function appQuery<T, Args extends KeyPart[] = []>(
  query: string,
  fetcher: (...args: Args) => Promise<T>,
) {
  claim(`app:${query}`);
  return (...args: Args) =>
    queryOptions({
      queryKey: ["app", query, ...args] as const,
      queryFn: () => fetcher(...args),
    });
}

/**
 * The key prefix of everything one organisation (or one feature of it) has cached, for
 * invalidation after a change, or for dropping an organisation's data when leaving it.
 */
export const orgScope = (orgId: string, feature?: string): QueryKey =>
  feature === undefined ? ["org", orgId] : ["org", orgId, feature];
