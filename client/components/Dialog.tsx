import { lazy, Suspense, useState } from "react";
import type { DialogProps } from "./RadixDialog";

const RadixDialog = lazy(() => import("./RadixDialog"));

/**
 * An accessible modal. Pages mount their dialogs closed, so the radix code (focus trap, scroll
 * lock, portal) loads the first time one opens rather than with the page; after that it stays
 * mounted so closing keeps radix's focus return to the opener.
 */
export function Dialog(props: DialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <RadixDialog {...props} />
    </Suspense>
  );
}
