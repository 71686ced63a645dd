import { X } from "lucide-react";
import { Dialog as Radix } from "radix-ui";
import type { ReactNode } from "react";

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  size?: keyof typeof widths;
};

const widths = {
  md: "w-[min(32rem,calc(100vw-2rem))] max-h-[calc(100vh-2rem)] overflow-y-auto",
  lg: "w-[min(48rem,calc(100vw-2rem))] max-h-[calc(100vh-2rem)] overflow-y-auto",
  // The board scrolls its own lists; the dialog itself fills the window.
  full: "w-[calc(100vw-2rem)] h-[calc(100vh-2rem)] flex flex-col overflow-hidden",
} as const;

/** An accessible modal (focus trap, Escape, labelled title) on radix-ui; loaded by ./Dialog. */
export default function RadixDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = "md",
}: DialogProps) {
  return (
    <Radix.Root open={open} onOpenChange={onOpenChange}>
      <Radix.Portal>
        <Radix.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Radix.Content
          className={`fixed left-1/2 top-1/2 z-50 ${widths[size]} -translate-x-1/2 -translate-y-1/2 rounded-xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900`}
        >
          <Radix.Title className="text-lg font-semibold">{title}</Radix.Title>
          {description ? (
            <Radix.Description className="mt-1 text-sm text-slate-500 dark:text-slate-400">
              {description}
            </Radix.Description>
          ) : (
            <Radix.Description className="sr-only">{title}</Radix.Description>
          )}
          <div className={size === "full" ? "mt-4 flex min-h-0 flex-1 flex-col" : "mt-4"}>
            {children}
          </div>
          <Radix.Close
            aria-label="Close"
            className="absolute right-3 top-3 rounded p-1 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            <X className="h-4 w-4" aria-hidden />
          </Radix.Close>
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}
