import { useId } from "react";

const inputClass =
  "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900 dark:[color-scheme:dark]";

/**
 * The spec's date-range filter: two date inputs for the published date (inclusive, whole days).
 * Each end is optional; an end before the start is refused here, with the reason shown.
 */
export function PublishedRange({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (from: string | null, to: string | null) => void;
}) {
  const errorId = useId();
  const backwards = from !== "" && to !== "" && to < from;
  return (
    <fieldset className="flex flex-wrap items-center gap-2 text-sm">
      <legend className="sr-only">Published between</legend>
      <label className="flex items-center gap-1">
        <span>Published from</span>
        <input
          type="date"
          className={inputClass}
          value={from}
          max={to || undefined}
          aria-invalid={backwards}
          aria-describedby={backwards ? errorId : undefined}
          onChange={(e) => onChange(e.target.value || null, to || null)}
        />
      </label>
      <label className="flex items-center gap-1">
        <span>to</span>
        <input
          type="date"
          className={inputClass}
          value={to}
          min={from || undefined}
          aria-invalid={backwards}
          onChange={(e) => onChange(from || null, e.target.value || null)}
        />
      </label>
      {backwards && (
        <span id={errorId} role="alert" className="text-red-700 dark:text-red-300">
          The end date is before the start date.
        </span>
      )}
    </fieldset>
  );
}
