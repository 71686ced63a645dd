import type { ReactNode, RefObject } from "react";

export function Card({
  title,
  description,
  children,
  id,
  headingRef,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  id?: string;
  /** The heading, focusable from a script: where focus goes when what held it is removed. */
  headingRef?: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2
        id={id}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className="text-lg font-semibold"
      >
        {title}
      </h2>
      {description && (
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{description}</p>
      )}
      <div className="mt-5">{children}</div>
    </section>
  );
}
