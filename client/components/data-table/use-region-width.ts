import { type RefObject, useLayoutEffect, useState } from "react";

/**
 * The inner width of the table's scrolling region, up to `upTo`, kept current as the window turns
 * or resizes. Read before the first paint, so a narrow table is laid out narrow from its first
 * frame and nothing moves afterwards. Widths past `upTo` all read as `upTo`, so resizing a wide
 * window renders the table no more. Undefined where it cannot be measured (no ResizeObserver).
 */
export function useRegionWidth(
  region: RefObject<HTMLElement | null>,
  upTo: number,
): number | undefined {
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    const el = region.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const measure = () => setWidth(Math.min(el.clientWidth, upTo));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [region, upTo]);
  return width;
}
