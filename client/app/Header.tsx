import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useAuth } from "../lib/auth/AuthProvider";
import { useBrand } from "../lib/brand";
import { AccountMenu } from "./AccountMenu";
import { HeaderTab } from "./HeaderTab";

const tabs = (
  <>
    <HeaderTab to="/dashboard" alsoActiveOn={["/"]}>
      Dashboard
    </HeaderTab>
    <HeaderTab to="/reports">Reports</HeaderTab>
  </>
);

/**
 * The fixed header. From 640 px up the tabs sit beside the logo; on a phone they collapse behind
 * a Menu button (a disclosure, so no menu code loads for it), keeping the logo and the account
 * menu on screen at 320 px.
 */
export function Header() {
  const brand = useBrand();
  const { user, organization } = useAuth();
  const [navOpen, setNavOpen] = useState(false);
  const navId = useId();
  const { pathname } = useLocation();
  // Following a link closes the collapsed menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every change of page
  useEffect(() => setNavOpen(false), [pathname]);
  // Escape closes it and puts focus back on the Menu button.
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!navOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setNavOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [navOpen]);
  // The organisation's own logo replaces the brand logo once it has one; one that does not load
  // gives way to the brand's, as a broken avatar gives way to the user icon.
  const [brokenLogo, setBrokenLogo] = useState<string>();
  const logo =
    organization?.logoUrl && organization.logoUrl !== brokenLogo
      ? { src: organization.logoUrl, alt: `${organization.name} logo` }
      : { src: brand.logoUrl, alt: brand.logoAlt };
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:gap-6 sm:px-6">
        {/* A plain Link: the logo is a way home, not a tab, so it never shows as the current page. */}
        <Link
          to="/dashboard"
          className="flex min-w-0 shrink items-center rounded dark:rounded-md dark:bg-white dark:px-1.5 dark:py-1"
          aria-label={`${brand.name} home`}
        >
          {/* Logos keep their proportions; dark theme puts them on a light plate so a logo drawn
              for white backgrounds stays legible. */}
          <img
            src={logo.src}
            alt={logo.alt}
            className="h-8 w-auto max-w-[min(240px,55vw)] object-contain object-left dark:h-7"
            onError={() => setBrokenLogo(organization?.logoUrl ?? undefined)}
          />
        </Link>
        {user && (
          <nav aria-label="Main" className="hidden items-center gap-1 sm:flex">
            {tabs}
          </nav>
        )}
        <div className="ml-auto flex shrink-0 items-center gap-2">
          {user && (
            <button
              ref={menuButton}
              type="button"
              className="rounded-md p-2 text-slate-700 hover:bg-slate-100 sm:hidden dark:text-slate-200 dark:hover:bg-slate-800"
              aria-expanded={navOpen}
              aria-controls={navId}
              aria-label="Main menu"
              onClick={() => setNavOpen((open) => !open)}
            >
              {navOpen ? (
                <X className="h-5 w-5" aria-hidden />
              ) : (
                <Menu className="h-5 w-5" aria-hidden />
              )}
            </button>
          )}
          {user && <AccountMenu />}
        </div>
      </div>
      {user && navOpen && (
        <nav
          id={navId}
          aria-label="Main"
          className="flex flex-col gap-1 border-t border-slate-200 px-4 py-2 sm:hidden dark:border-slate-800"
        >
          {tabs}
        </nav>
      )}
    </header>
  );
}
