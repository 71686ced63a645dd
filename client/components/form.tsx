import type { InputHTMLAttributes, ReactNode } from "react";
import { useHeldFocus } from "./use-held-focus";

/** A compact select or input beside a list (filters, periods, a board's search), in both themes. */
export const compactControlClass =
  "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900 dark:[color-scheme:dark]";

/** A labelled input; the label is always tied to the control for screen readers. */
export function Field({
  label,
  id,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; id: string; hint?: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <input
        id={id}
        {...input}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30 disabled:cursor-not-allowed disabled:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:disabled:bg-slate-800"
      />
      {hint && <p className="text-xs text-slate-500 dark:text-slate-400">{hint}</p>}
    </div>
  );
}

/** A button; one disabled while it has the focus keeps it (useHeldFocus), looking disabled. */
export function Button({
  variant = "primary",
  className = "",
  disabled,
  onFocus,
  onBlur,
  onClick,
  ...props
}: React.ComponentProps<"button"> & {
  variant?: "primary" | "secondary" | "danger" | "ghost";
}) {
  const held = useHeldFocus<HTMLButtonElement>(disabled, { onFocus, onBlur, onClick });
  // `inactive:` is disabled natively or held disabled with the focus (client/styles.css).
  const styles = {
    primary: "bg-indigo-600 text-white hover:bg-indigo-500 inactive:bg-indigo-400",
    secondary:
      "border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 inactive:opacity-50 inactive:hover:bg-white dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:inactive:hover:bg-slate-900",
    danger: "bg-red-600 text-white hover:bg-red-500 inactive:bg-red-400",
    // Disabled: faded and without the hover fill, so it never looks clickable.
    ghost:
      "text-slate-600 hover:bg-slate-100 inactive:opacity-50 inactive:hover:bg-transparent dark:text-slate-300 dark:hover:bg-slate-800 dark:inactive:hover:bg-transparent",
  }[variant];
  return (
    <button
      type="button"
      {...props}
      {...held}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors inactive:cursor-not-allowed ${styles} ${className}`}
    />
  );
}

export type BannerKind = "error" | "success" | "info";

/** The inline banner of the sign-in screen: errors are announced immediately. */
export function Banner({ kind, children }: { kind: BannerKind; children: ReactNode }) {
  const styles = {
    error:
      "border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200",
    success:
      "border-green-200 bg-green-50 text-green-800 dark:border-green-900 dark:bg-green-950 dark:text-green-200",
    info: "border-sky-200 bg-sky-50 text-sky-800 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-200",
  }[kind];
  return (
    <div
      role={kind === "error" ? "alert" : "status"}
      className={`rounded-md border px-3 py-2 text-sm ${styles}`}
    >
      {children}
    </div>
  );
}
