import { useCallback, useEffect, useRef } from "react";
import { type NavigateOptions, useSearchParams } from "react-router";

/**
 * The page's query string, and a setter that builds each change on the newest address asked for.
 *
 * react-router's own setter starts from the query of the last render, even in its function form,
 * and the router renders a navigation only after a microtask or more. Two changes made before that
 * (a quick typist on a busy machine, two inputs changed by one event) each started from the old
 * query, so the second undid the first: CI lost the first date of a custom period this way. This
 * keeps the addresses asked for but not rendered yet and builds on the newest of them. The setter
 * gives the address it asked for, so a caller can start what that address needs at once.
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const asked = useRef<string[]>([]);
  const rendered = params.toString();
  useEffect(() => {
    const at = asked.current.indexOf(rendered);
    // Caught up with one of ours: it and the older ones are done. Any other address (back,
    // forward, a link) is the router's own, and nothing asked for before it still stands.
    asked.current = at === -1 ? [] : asked.current.slice(at + 1);
  }, [rendered]);
  const update = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const next = change(new URLSearchParams(asked.current.at(-1) ?? rendered));
      asked.current.push(next.toString());
      setParams(next, options);
      return next;
    },
    [rendered, setParams],
  );
  return [params, update] as const;
}
