import { Download } from "lucide-react";
import { lazy } from "react";
import { DeferredMenu } from "../../components/DeferredMenu";
import { DownloadStatus } from "../../components/DownloadStatus";
import type { DownloadProgress } from "../../lib/api/download";
import { useDownload } from "../../lib/api/use-download";
import { downloadButtonClass } from "./download-actions";

const loadMenu = () => import("./DownloadMenuContent");
const DownloadMenuContent = lazy(loadMenu);

type Props = {
  /** Downloads the table as a file, telling the bytes received as they arrive. */
  onDownload: (format: "csv" | "json", onProgress: DownloadProgress) => Promise<void>;
  onCopy: () => void;
};

/**
 * Download (CSV, JSON, copy to clipboard) for a table; the menu code loads on first use. A
 * download of a whole large table takes seconds (19 MB for 100,000 videos), so while it arrives
 * the status beside the button says so and how much has come, and CSV and JSON wait for it;
 * then the confirmation or error toast (useDownload).
 */
export function DownloadMenu({ onDownload, onCopy }: Props) {
  const { active, run } = useDownload();
  const start = (format: "csv" | "json") =>
    void run(format, `Downloading ${format.toUpperCase()} file`, (onProgress) =>
      onDownload(format, onProgress),
    );
  return (
    // One item of the toolbar: an empty status adds no gap beside the button.
    <span className="inline-flex items-center">
      <DeferredMenu
        menu={DownloadMenuContent}
        preload={loadMenu}
        menuProps={{
          onCsv: () => start("csv"),
          onJson: () => start("json"),
          onCopy,
          busy: active !== null,
        }}
        className={downloadButtonClass}
      >
        <Download className="h-4 w-4" aria-hidden /> Download
      </DeferredMenu>
      <DownloadStatus active={active} />
    </span>
  );
}
