import type { ReactNode } from "react";
import { useBrand } from "../../lib/brand";
import { usePageTitle } from "../../lib/page-title";

export function LegalLayout({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string;
  children: ReactNode;
}) {
  const brand = useBrand();
  usePageTitle(title);
  return (
    <article className="mx-auto max-w-3xl space-y-4 text-sm leading-6 text-slate-700 dark:text-slate-300 [&_h2]:mt-6 [&_h2]:text-base [&_h2]:font-semibold [&_h2]:text-slate-900 dark:[&_h2]:text-white [&_li]:ml-5 [&_li]:list-disc">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900 dark:text-white">{title}</h1>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {brand.name} · last updated {updated}
        </p>
      </header>
      {children}
    </article>
  );
}
