import { useEffect, useId, useState } from "react";
import { compactControlClass } from "../../components/form";

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
  /** Both ends as they are now (null: cleared). */
  onChange: (range: { publishedFrom: string | null; publishedTo: string | null }) => void;
}) {
  const errorId = useId();
  // Held here as well as in the URL: a second edit right after the first (before the URL has
  // come back round) must see the first, or it would undo it.
  const [range, setRange] = useState({ from, to });
  useEffect(() => setRange({ from, to }), [from, to]);
  const update = (next: { from: string; to: string }) => {
    setRange(next);
    onChange({ publishedFrom: next.from || null, publishedTo: next.to || null });
  };
  const backwards = range.from !== "" && range.to !== "" && range.to < range.from;
  return (
    <fieldset className="flex flex-wrap items-center gap-2 text-sm">
      <legend className="sr-only">Published between</legend>
      <label className="flex items-center gap-1">
        <span>Published from</span>
        <input
          type="date"
          className={compactControlClass}
          value={range.from}
          max={range.to || undefined}
          aria-invalid={backwards}
          aria-describedby={backwards ? errorId : undefined}
          onChange={(e) => update({ ...range, from: e.target.value })}
        />
      </label>
      <label className="flex items-center gap-1">
        <span>to</span>
        <input
          type="date"
          className={compactControlClass}
          value={range.to}
          min={range.from || undefined}
          aria-invalid={backwards}
          onChange={(e) => update({ ...range, to: e.target.value })}
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
