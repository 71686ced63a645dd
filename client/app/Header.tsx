import { NavLink } from "react-router";
import { useBrand } from "../lib/brand";
import { useAuth } from "../lib/auth/AuthProvider";
import { AvatarMenu } from "./AvatarMenu";

const tabClass = ({ isActive }: { isActive: boolean }) =>
  [
    "rounded-md px-3 py-2 text-sm font-medium transition-colors",
    isActive
      ? "bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300"
      : "text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white",
  ].join(" ");

export function Header() {
  const brand = useBrand();
  const { user, organization } = useAuth();
  // The organisation's own logo replaces the brand logo once it has one.
  const logo = organization?.logoUrl ? { src: organization.logoUrl, alt: `${organization.name} logo` } : { src: brand.logoUrl, alt: brand.logoAlt };
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex h-full max-w-7xl items-center gap-6 px-4 sm:px-6">
        <NavLink to="/dashboard" className="flex shrink-0 items-center" aria-label={`${brand.name} home`}>
          <img src={logo.src} alt={logo.alt} className="h-8 max-w-[200px] object-contain" />
        </NavLink>
        {user && (
          <nav aria-label="Main" className="flex items-center gap-1">
            <NavLink to="/dashboard" className={tabClass} end={false}>
              Dashboard
            </NavLink>
            <NavLink to="/reports" className={tabClass}>
              Reports
            </NavLink>
          </nav>
        )}
        <div className="ml-auto">{user && <AvatarMenu />}</div>
      </div>
    </header>
  );
}
