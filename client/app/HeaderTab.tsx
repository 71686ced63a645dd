import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";

const tabClass = (active: boolean) =>
  [
    "rounded-md px-3 py-2 text-sm font-medium transition-colors",
    active
      ? "bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300"
      : "text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white",
  ].join(" ");

const matches = (pathname: string, path: string) =>
  path === "/" ? pathname === "/" : pathname === path || pathname.startsWith(`${path}/`);

/**
 * A header tab, highlighted and marked aria-current when its page shows. Not a NavLink: the
 * Dashboard is served at both / and /dashboard, and NavLink can only match the one path it links to.
 */
export function HeaderTab({
  to,
  alsoActiveOn = [],
  children,
}: {
  to: string;
  alsoActiveOn?: string[];
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const active = [to, ...alsoActiveOn].some((path) => matches(pathname, path));
  return (
    <Link to={to} className={tabClass(active)} aria-current={active ? "page" : undefined}>
      {children}
    </Link>
  );
}
