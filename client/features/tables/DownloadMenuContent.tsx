import { Download } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import type { MenuStart } from "../../components/DeferredMenu";
import { MENU_LAYER } from "../../components/layers";
import { type DownloadActions, downloadButtonClass } from "./download-actions";

const item =
  "flex cursor-pointer select-none items-center rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100 data-[disabled]:cursor-default data-[disabled]:text-slate-500 dark:data-[highlighted]:bg-slate-800 dark:data-[disabled]:text-slate-400";

/** The download menu itself (radix); DownloadMenu loads it on first use. */
export default function DownloadMenuContent({
  onCsv,
  onJson,
  onCopy,
  busy = false,
  defaultOpen,
  autoFocus,
}: DownloadActions & MenuStart) {
  return (
    // Not modal: a menu does not hide the page from screen readers (WAI-ARIA menu button).
    <DropdownMenu.Root defaultOpen={defaultOpen} modal={false}>
      <DropdownMenu.Trigger autoFocus={autoFocus} className={downloadButtonClass}>
        <Download className="h-4 w-4" aria-hidden /> Download
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className={`${MENU_LAYER} min-w-40 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900`}
        >
          <DropdownMenu.Item className={item} onSelect={onCsv} disabled={busy}>
            CSV
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={onJson} disabled={busy}>
            JSON
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={onCopy}>
            Copy to clipboard
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
