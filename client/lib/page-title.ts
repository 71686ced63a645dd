import { useEffect } from "react";
import { useBrand } from "./brand";

/**
 * Names the browser tab after the page shown ("Reports · Crosscast"): with several of the app's
 * tabs open, each says what it holds, and a screen reader names the page (WCAG 2.4.2). Every
 * page sets its own, so the title never outlives its page.
 */
export function usePageTitle(title: string) {
  const { name } = useBrand();
  useEffect(() => {
    document.title = `${title} · ${name}`;
  }, [title, name]);
}
