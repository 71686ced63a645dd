import { useCallback, useLayoutEffect, useRef } from "react";

/**
 * For an action whose control leaves the page with what it acted on (a member's Remove, an
 * invitation's Withdraw): the browser then puts focus on the page's body, where a keyboard or
 * screen-reader user starts again from the top. Call the returned function when the action
 * succeeds; the next render that changes `watched` (the reloaded list) and leaves focus on the
 * body moves it to `target()` instead. Only that render: focus someone left on the body by
 * clicking elsewhere later is theirs.
 */
export function useFocusRescue(target: () => HTMLElement | null, watched: unknown) {
  const armed = useRef(false);
  const latestTarget = useRef(target);
  latestTarget.current = target;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the watched list changes
  useLayoutEffect(() => {
    if (!armed.current) return;
    armed.current = false;
    const focused = document.activeElement;
    if (focused && focused !== document.body) return;
    latestTarget.current()?.focus();
  }, [watched]);
  return useCallback(() => {
    armed.current = true;
  }, []);
}
