import { Download } from "lucide-react";
import { lazy } from "react";
import { DeferredMenu } from "../../components/DeferredMenu";

export type DownloadActions = { onCsv: () => void; onJson: () => void; onCopy: () => void };
export const downloadButtonClass =
  "inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900";

const loadMenu = () => import("./DownloadMenuContent");
const DownloadMenuContent = lazy(loadMenu);

/** Download (CSV, JSON, copy to clipboard) for a table; the menu code loads on first use. */
export function DownloadMenu(actions: DownloadActions) {
  return (
    <DeferredMenu
      menu={DownloadMenuContent}
      preload={loadMenu}
      menuProps={actions}
      className={downloadButtonClass}
    >
      <Download className="h-4 w-4" aria-hidden /> Download
    </DeferredMenu>
  );
}
