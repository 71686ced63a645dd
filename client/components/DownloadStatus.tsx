import { formatBytes } from "../../shared/format";
import type { ActiveDownload } from "../lib/api/use-download";
import { Spinner } from "./Spinner";

/**
 * A download on its way: a spinner, what is downloading and how much has arrived. The live region
 * is always in the page (a region added with its text is often not announced); it says what is
 * downloading once, and the growing size beside it is for the eye only, not read out ten times a
 * second.
 */
export function DownloadStatus({ active }: { active: ActiveDownload | null }) {
  return (
    <span
      role="status"
      aria-live="polite"
      className={`inline-flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300 ${active ? "ml-2" : ""}`}
    >
      {active && (
        <>
          <Spinner />
          {active.label}
          {active.receivedBytes > 0 && (
            <span aria-hidden className="tabular-nums">
              {formatBytes(active.receivedBytes)}
            </span>
          )}
        </>
      )}
    </span>
  );
}
