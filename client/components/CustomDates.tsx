import { useId } from "react";
import { RANGE_ORDER_MESSAGE } from "../../shared/schemas/date-range";

const dateInputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900 dark:[color-scheme:dark]";

/**
 * A custom range's Start date and End date (YYYY-MM-DD, empty while unset). The pickers offer
 * only days on the right side of the other end, and a typed end before the start is said at
 * once beside the fields, not only by the toast of Create.
 */
export function CustomDates({
  start,
  end,
  onStartChange,
  onEndChange,
}: {
  start: string;
  end: string;
  onStartChange: (day: string) => void;
  onEndChange: (day: string) => void;
}) {
  const errorId = useId();
  const backwards = start !== "" && end !== "" && end < start;
  const describedBy = backwards ? errorId : undefined;
  return (
    <div className="grid grid-cols-2 gap-3">
      {[
        { label: "Start date", value: start, onChange: onStartChange, max: end },
        { label: "End date", value: end, onChange: onEndChange, min: start },
      ].map((field) => (
        <label key={field.label} className="text-sm">
          {field.label}
          <input
            type="date"
            className={dateInputClass}
            value={field.value}
            min={field.min || undefined}
            max={field.max || undefined}
            aria-invalid={backwards}
            aria-describedby={describedBy}
            onChange={(e) => field.onChange(e.target.value)}
          />
        </label>
      ))}
      {backwards && (
        <p id={errorId} role="alert" className="col-span-2 text-sm text-red-700 dark:text-red-300">
          {RANGE_ORDER_MESSAGE}
        </p>
      )}
    </div>
  );
}
