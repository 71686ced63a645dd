import { useLayoutEffect, useRef } from "react";
import { countOf } from "../../lib/format";
import { Button } from "../form";

/**
 * "1 row" / "1,234 rows · page 2 of 7" with Previous and Next. While the first answer is on
 * its way there is no count yet: saying "0 rows" then would be a wrong answer, not a loading
 * state (the table above shows its skeleton), so the line keeps its height and stays blank.
 */
export function Pagination({
  label,
  total,
  page,
  pageSize,
  loading = false,
  onPageChange,
}: {
  label: string;
  total: number;
  page: number;
  pageSize: number;
  loading?: boolean;
  onPageChange: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const previousDisabled = loading || page <= 1;
  const nextDisabled = loading || page >= pages;
  // A button disabled under the keyboard (Previous pressed on page 2) drops focus to the page's
  // body, and the person has to Tab back from the top. Focus moves to the other button instead.
  useLayoutEffect(() => {
    const focused = document.activeElement;
    if (previousDisabled && focused === previous.current && !nextDisabled) next.current?.focus();
    if (nextDisabled && focused === next.current && !previousDisabled) previous.current?.focus();
  }, [previousDisabled, nextDisabled]);
  return (
    <nav
      aria-label={`${label} pages`}
      className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700 dark:text-slate-300"
    >
      <span>{loading ? "\u00a0" : `${countOf(total, "row")} · page ${page} of ${pages}`}</span>
      <span className="flex gap-2">
        <Button
          ref={previous}
          variant="secondary"
          disabled={previousDisabled}
          onClick={() => onPageChange(page - 1)}
        >
          Previous
        </Button>
        <Button
          ref={next}
          variant="secondary"
          disabled={nextDisabled}
          onClick={() => onPageChange(page + 1)}
        >
          Next
        </Button>
      </span>
    </nav>
  );
}
