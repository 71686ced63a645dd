import { Link } from "react-router";
import { useBrand } from "../lib/brand";

const linkClass =
  "text-slate-600 hover:text-slate-900 hover:underline dark:text-slate-300 dark:hover:text-white";

/** Footer links come from the brand's configuration (spec section 1). */
export function Footer() {
  const brand = useBrand();
  return (
    <footer className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      {/* On a phone the links wrap onto a second line rather than run off the screen. */}
      <div className="mx-auto flex min-h-12 max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 text-xs sm:px-6">
        {brand.copyrightHolder && (
          <span className="text-slate-600 dark:text-slate-300">
            © {new Date().getFullYear()} {brand.copyrightHolder}
          </span>
        )}
        <nav aria-label="Footer" className="ml-auto flex flex-wrap items-center gap-x-4 gap-y-1">
          {brand.footerLinks.map((link) =>
            link.external || /^[a-z]+:/.test(link.href) ? (
              <a key={link.href} href={link.href} className={linkClass} rel="noopener noreferrer">
                {link.label}
              </a>
            ) : (
              <Link key={link.href} to={link.href} className={linkClass}>
                {link.label}
              </Link>
            ),
          )}
        </nav>
      </div>
    </footer>
  );
}
