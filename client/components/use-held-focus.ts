import { type FocusEvent, type MouseEvent, useState } from "react";

/**
 * A button that becomes disabled while it has the focus (its own request running, a Save with
 * nothing left to save, a toggle waiting for the server) keeps the focus. Browsers drop the focus
 * of a disabled element to the page's body, so a keyboard user who pressed Save, Refresh or a
 * schedule's Active was sent back to the top of the page. While focused it is disabled for
 * assistive technology (`aria-disabled`) and ignores presses; once left, it is natively disabled
 * and out of the Tab order, as before.
 */
export function useHeldFocus<E extends HTMLElement>(
  disabled: boolean | undefined,
  handlers: {
    onFocus?: (event: FocusEvent<E>) => void;
    onBlur?: (event: FocusEvent<E>) => void;
    onClick?: (event: MouseEvent<E>) => void;
  },
) {
  const [focused, setFocused] = useState(false);
  const held = Boolean(disabled) && focused;
  return {
    disabled: Boolean(disabled) && !held,
    "aria-disabled": held || undefined,
    onFocus: (event: FocusEvent<E>) => {
      setFocused(true);
      handlers.onFocus?.(event);
    },
    onBlur: (event: FocusEvent<E>) => {
      setFocused(false);
      handlers.onBlur?.(event);
    },
    onClick: (event: MouseEvent<E>) => {
      // A held submit button must not submit its form either.
      if (held) return event.preventDefault();
      handlers.onClick?.(event);
    },
  };
}
