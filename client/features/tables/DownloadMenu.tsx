import { Download } from "lucide-react";
import { lazy } from "react";
import { DeferredMenu } from "../../components/DeferredMenu";
import { type DownloadActions, downloadButtonClass } from "./download-actions";

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
