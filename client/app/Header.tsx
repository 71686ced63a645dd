import { Link } from "react-router";
import { useAuth } from "../lib/auth/AuthProvider";
import { useBrand } from "../lib/brand";
import { AccountMenu } from "./AccountMenu";
import { HeaderTab } from "./HeaderTab";

export function Header() {
  const brand = useBrand();
  const { user, organization } = useAuth();
  // The organisation's own logo replaces the brand logo once it has one.
  const logo = organization?.logoUrl
    ? { src: organization.logoUrl, alt: `${organization.name} logo` }
    : { src: brand.logoUrl, alt: brand.logoAlt };
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex h-full max-w-7xl items-center gap-6 px-4 sm:px-6">
        {/* A plain Link: the logo is a way home, not a tab, so it never shows as the current page. */}
        <Link
          to="/dashboard"
          className="flex shrink-0 items-center rounded"
          aria-label={`${brand.name} home`}
        >
          <img src={logo.src} alt={logo.alt} className="h-8 max-w-[200px] object-contain" />
        </Link>
        {user && (
          <nav aria-label="Main" className="flex items-center gap-1">
            <HeaderTab to="/dashboard" alsoActiveOn={["/"]}>
              Dashboard
            </HeaderTab>
            <HeaderTab to="/reports">Reports</HeaderTab>
          </nav>
        )}
        <div className="ml-auto">{user && <AccountMenu />}</div>
      </div>
    </header>
  );
}
