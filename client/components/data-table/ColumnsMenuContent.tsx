import { Check, Columns3 } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import type { MenuStart } from "../DeferredMenu";
import { MENU_LAYER } from "../layers";
import { type ColumnChoice, columnsButtonClass } from "./columns-menu-types";

const item =
  "flex cursor-pointer select-none items-center gap-2 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800";

/** The Columns menu itself (radix): a checkbox per column; it stays open while choosing. */
export default function ColumnsMenuContent({
  columns,
  onToggle,
  onReset,
  defaultOpen,
  autoFocus,
}: {
  columns: ColumnChoice[];
  onToggle: (id: string, visible: boolean) => void;
  onReset: () => void;
} & MenuStart) {
  return (
    // Not modal: a menu does not hide the page from screen readers (WAI-ARIA menu button).
    <DropdownMenu.Root defaultOpen={defaultOpen} modal={false}>
      <DropdownMenu.Trigger autoFocus={autoFocus} className={columnsButtonClass}>
        <Columns3 className="h-4 w-4" aria-hidden /> Columns
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className={`${MENU_LAYER} max-h-[min(24rem,var(--radix-dropdown-menu-content-available-height))] min-w-52 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900`}
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs text-slate-600 dark:text-slate-300">
            Show columns
          </DropdownMenu.Label>
          {columns.map((c) => (
            <DropdownMenu.CheckboxItem
              key={c.id}
              className={item}
              checked={c.visible}
              onCheckedChange={(checked) => onToggle(c.id, checked === true)}
              // Keep the menu open: people usually change several columns at once.
              onSelect={(e) => e.preventDefault()}
            >
              <span className="flex h-4 w-4 items-center justify-center">
                <DropdownMenu.ItemIndicator>
                  <Check className="h-4 w-4" aria-hidden />
                </DropdownMenu.ItemIndicator>
              </span>
              {c.label}
            </DropdownMenu.CheckboxItem>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item className={item} onSelect={onReset}>
            Reset columns and widths
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
