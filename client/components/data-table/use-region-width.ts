import { type RefObject, useLayoutEffect, useState } from "react";

/**
 * The inner width of the table's scrolling region while it is narrower than `below` (a phone),
 * else undefined; kept current as the window turns or resizes. Read before the first paint, so a
 * narrow table is laid out narrow from its first frame and nothing moves afterwards. A wide
 * region never sets state: the Dashboard's first rows pay no second render on a desktop, and
 * resizing a wide window renders nothing. Undefined too where there is no ResizeObserver.
 */
export function useNarrowRegionWidth(
  region: RefObject<HTMLElement | null>,
  below: number,
): number | undefined {
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    const el = region.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const measure = () => setWidth(el.clientWidth < below ? el.clientWidth : undefined);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [region, below]);
  return width;
}
