import { Columns3 } from "lucide-react";
import { lazy } from "react";
import { DeferredMenu } from "../DeferredMenu";
import { type ColumnChoice, columnsButtonClass } from "./columns-menu-types";

const loadMenu = () => import("./ColumnsMenuContent");
const ColumnsMenuContent = lazy(loadMenu);

/** The table's column visibility menu; its menu code loads on first use (see DeferredMenu). */
export function ColumnsMenu(props: {
  columns: ColumnChoice[];
  onToggle: (id: string, visible: boolean) => void;
  onReset: () => void;
}) {
  return (
    <DeferredMenu
      menu={ColumnsMenuContent}
      preload={loadMenu}
      menuProps={props}
      className={columnsButtonClass}
    >
      <Columns3 className="h-4 w-4" aria-hidden /> Columns
    </DeferredMenu>
  );
}
