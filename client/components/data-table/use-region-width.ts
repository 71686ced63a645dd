import { type RefObject, useLayoutEffect, useState } from "react";

/**
 * The inner width of the table's scrolling region, kept current as the window turns or resizes.
 * Read before the first paint, so a narrow table is laid out narrow from its first frame and
 * nothing moves afterwards. Undefined where it cannot be measured (no ResizeObserver).
 */
export function useRegionWidth(region: RefObject<HTMLElement | null>): number | undefined {
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    const el = region.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [region]);
  return width;
}
