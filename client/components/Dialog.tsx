import { lazy, Suspense, useState } from "react";
import { DialogBoundary } from "./DialogBoundary";
import type { DialogProps } from "./RadixDialog";

const RadixDialog = lazy(() => import("./RadixDialog"));

/**
 * An accessible modal. Pages mount their dialogs closed, so the radix code (focus trap, scroll
 * lock, portal) loads the first time one opens rather than with the page; after that it stays
 * mounted so closing keeps radix's focus return to the opener. A dialog that fails closes
 * itself (DialogBoundary) instead of taking the page down.
 */
export function Dialog(props: DialogProps) {
  const [opened, setOpened] = useState(props.open);
  // Each opening gets a fresh boundary, so a dialog that failed once can be opened again.
  const [openings, setOpenings] = useState(props.open ? 1 : 0);
  const [wasOpen, setWasOpen] = useState(props.open);
  if (props.open !== wasOpen) {
    setWasOpen(props.open);
    if (props.open) setOpenings(openings + 1);
  }
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <DialogBoundary key={openings} onFailed={() => props.onOpenChange(false)}>
      <Suspense fallback={null}>
        <RadixDialog {...props} />
      </Suspense>
    </DialogBoundary>
  );
}
