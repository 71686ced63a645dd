import { X } from "lucide-react";
import { Dialog as Radix } from "radix-ui";
import { type ReactNode, type RefObject, useLayoutEffect, useRef } from "react";

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  size?: keyof typeof placements;
  /** What takes focus when it opens, instead of its first field (the field an error is about). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Sees Escape first; preventing its default keeps the dialog open (Escape meant something inside). */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
  /** Where focus goes on close when what opened the dialog is gone (a deleted row's button). */
  returnFocus?: RefObject<HTMLElement | null>;
};

const centred = "left-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2 rounded-xl";
const placements = {
  md: `${centred} w-[min(32rem,calc(100vw-2rem))] max-h-[calc(100vh-2rem)] overflow-y-auto`,
  lg: `${centred} w-[min(48rem,calc(100vw-2rem))] max-h-[calc(100vh-2rem)] overflow-y-auto`,
  // The board scrolls its own lists; the dialog itself fills the window.
  full: `${centred} w-[calc(100vw-1rem)] sm:w-[calc(100vw-2rem)] h-[calc(100vh-2rem)] flex flex-col overflow-hidden`,
  // A side panel along the right edge (the table's detail panel): the rows stay in view beside it.
  side: "right-0 top-0 h-full w-[min(40rem,100vw)] overflow-y-auto border-y-0 border-r-0",
} as const;

/**
 * An accessible modal (focus trap, Escape, labelled title) on radix-ui; loaded by ./Dialog.
 *
 * Focus goes back to whatever opened it. Radix returns focus only to its own Dialog.Trigger, and
 * our dialogs open from state (a table row, a menu item, the URL), so the element that had focus
 * when the dialog opened is remembered here and focused again on close.
 */
export default function RadixDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = "md",
  initialFocus,
  onEscapeKeyDown,
  returnFocus,
}: DialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    // The body is no opener: a dialog opened as another closed (the board after the setup flow)
    // finds focus there, and would give it back there.
    const focused = document.activeElement;
    if (open)
      opener.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
  }, [open]);
  return (
    <Radix.Root open={open} onOpenChange={onOpenChange}>
      <Radix.Portal>
        <Radix.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Radix.Content
          onEscapeKeyDown={onEscapeKeyDown}
          onOpenAutoFocus={(event) => {
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus();
          }}
          onCloseAutoFocus={(event) => {
            // The opener, else the given fallback: the focus fell to the page's body when the
            // dialog's action removed its opener (Delete Selected, a member's Remove).
            const target = opener.current?.isConnected ? opener.current : returnFocus?.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          className={`fixed z-50 ${placements[size]} border border-slate-200 bg-white p-4 shadow-xl sm:p-6 dark:border-slate-700 dark:bg-slate-900`}
        >
          {/* A title may be a video's or a report's, in its own direction (as in the tables). */}
          <Radix.Title
            dir="auto"
            // A title of one long word (a pasted URL) wraps rather than pushing the dialog sideways.
            className="pr-8 text-left text-lg font-semibold [overflow-wrap:anywhere]"
          >
            {title}
          </Radix.Title>
          {description ? (
            <Radix.Description className="mt-1 text-sm text-slate-600 dark:text-slate-300">
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
            className="absolute right-3 top-3 rounded p-1 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <X className="h-4 w-4" aria-hidden />
          </Radix.Close>
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}
