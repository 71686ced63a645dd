import { formatBytes } from "../../shared/format";
import type { DownloadProgress } from "../lib/api/download";
import { useDownload } from "../lib/api/use-download";
import { Spinner } from "./Spinner";

type Props = {
  /** The file as the table names it ("Videos CSV"). */
  label: string;
  /** json or a CSV kind: which confirmation and which error the spec's messages give. */
  format: "csv" | "json";
  /** Fetches and saves the file, telling the bytes received as they arrive. */
  download: (onProgress: DownloadProgress) => Promise<void>;
  className: string;
  title?: string;
};

/**
 * One stored report file, as a button that downloads it. A 100,000-video report's JSON is 60 MB:
 * while it arrives the button shows a spinner and the size received, says it is busy, and ignores
 * further clicks (each would fetch the whole file again). Then the confirmation toast, as the
 * tables' downloads give it, or the spec's error toast (useDownload).
 */
export function FileDownloadButton({ label, format, download, className, title }: Props) {
  const { active, run } = useDownload();
  const start = () => void run(format, `Downloading ${label}`, download);
  return (
    <button
      type="button"
      className={`${className} inline-flex items-center gap-1`}
      title={title}
      aria-busy={active !== null}
      onClick={start}
    >
      {active && <Spinner size="h-3 w-3" />}
      {label}
      {active && active.receivedBytes > 0 && (
        <span aria-hidden className="tabular-nums text-slate-600 dark:text-slate-300">
          {formatBytes(active.receivedBytes)}
        </span>
      )}
    </button>
  );
}
