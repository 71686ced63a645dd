import { DropdownMenu } from "radix-ui";
import { Download } from "lucide-react";

const item = "flex cursor-pointer select-none items-center rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800";

export function DownloadMenu({ onCsv, onJson, onCopy }: { onCsv: () => void; onJson: () => void; onCopy: () => void }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900">
        <Download className="h-4 w-4" aria-hidden /> Download
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-40 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
          <DropdownMenu.Item className={item} onSelect={onCsv}>CSV</DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={onJson}>JSON</DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={onCopy}>Copy to clipboard</DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
