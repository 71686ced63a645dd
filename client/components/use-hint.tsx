import {
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { createPortal } from "react-dom";

/*
 * A short explanation attached to a control: a tooltip that opens on hover and on keyboard focus,
 * describes its trigger (aria-describedby) while open, stays open while the pointer moves onto it,
 * follows its control as the page scrolls, and closes with Escape, on a press and on blur (WCAG
 * 1.4.13: dismissible, hoverable, persistent). Written here rather than taken from radix: radix's
 * Tooltip brought its positioning engine and layer stack (17 KB gzipped) into the first load of
 * every table page, for a box that only ever sits under or over a button.
 */

const OPEN_DELAY_MS = 300;
/** Time for the pointer to travel from the trigger onto the tooltip before it closes. */
const CLOSE_GRACE_MS = 100;
/** Moving from one hinted control to the next within this time opens the next at once. */
const SKIP_DELAY_MS = 300;
/** A touch held this long opens the hint of a control whose tap acts (a sortable heading). */
const LONG_PRESS_MS = 500;
/** Focus this soon after a press ended came with the press (a tap focuses after it lifts). */
const PRESS_FOCUS_MS = 1_000;
const GAP_PX = 4;
const EDGE_PX = 8;

/** One hint open at a time, across the page: opening one closes the other. */
let closeOpenHint: (() => void) | null = null;
let lastClosedAt = 0;

/** Under the control, or over it when the viewport has no room below. */
function topFor(at: DOMRect, height: number) {
  const below = at.bottom + GAP_PX;
  const fitsBelow = below + height <= window.innerHeight - EDGE_PX;
  const above = at.top - GAP_PX - height;
  return !fitsBelow && above >= EDGE_PX ? above : below;
}

/** Centred on the control, and kept EDGE_PX inside the viewport's sides. */
function leftFor(at: DOMRect, width: number) {
  const centred = at.left + at.width / 2 - width / 2;
  return Math.max(EDGE_PX, Math.min(centred, window.innerWidth - EDGE_PX - width));
}

export type HintTriggerProps = {
  "aria-describedby"?: string;
  onPointerEnter?: (e: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (e: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (e: PointerEvent<HTMLElement>) => void;
  onClick?: (e: MouseEvent<HTMLElement>) => void;
  onClickCapture?: (e: MouseEvent<HTMLElement>) => void;
  onContextMenu?: (e: MouseEvent<HTMLElement>) => void;
  onFocus?: (e: FocusEvent<HTMLElement>) => void;
  onBlur?: (e: FocusEvent<HTMLElement>) => void;
};

/**
 * Spread `triggerProps` on the control (a button, so the hint costs no extra tab stop) and render
 * `tooltip` anywhere: it is portalled to the body so a scrolling table cannot clip it.
 */
export function useHint(
  text: string | undefined,
  {
    pressToggles = false,
  }: {
    /**
     * For a control whose only job is to explain (an "i" button): a press or a tap opens the hint
     * and keeps it open until a second press, Escape, or a press elsewhere. Touch has no hover,
     * so without this a phone could never read it.
     */
    pressToggles?: boolean;
  } = {},
): {
  triggerProps: HintTriggerProps;
  tooltip: ReactNode;
} {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pointerIsDown = useRef(false);
  /** A touch held long enough opened the hint: the click that ends it must not act too. */
  const heldOpen = useRef(false);
  /** When the last press ended: a tap's focus comes after it (a touch's compatibility mouse events). */
  const releasedAt = useRef(Number.NEGATIVE_INFINITY);
  /** Opened by a press: stays when the pointer leaves. */
  const pinned = useRef(false);
  const tooltipRef = useRef<HTMLDivElement>(null);

  const clearTimer = () => clearTimeout(timer.current);
  const close = useCallback(() => {
    clearTimeout(timer.current);
    pinned.current = false;
    setAnchor((open) => {
      if (open) lastClosedAt = Date.now();
      return null;
    });
  }, []);
  const open = useCallback(
    (target: HTMLElement) => {
      clearTimeout(timer.current);
      if (closeOpenHint && closeOpenHint !== close) closeOpenHint();
      closeOpenHint = close;
      setAnchor(target);
    },
    [close],
  );

  // While open: Escape from anywhere closes it (a hover-opened hint has no focus to key from).
  // Scrolling moves it with its control: focus that reaches a heading of a table scrolled
  // sideways scrolls the table just after the hint has opened. A control scrolled out of the
  // viewport takes its hint with it.
  useLayoutEffect(() => {
    const box = tooltipRef.current;
    if (!anchor || !box) return;
    const place = () => {
      const at = anchor.getBoundingClientRect();
      if (!anchor.isConnected || at.bottom < 0 || at.top > window.innerHeight) return close();
      const { width, height } = box.getBoundingClientRect();
      box.style.top = `${topFor(at, height)}px`;
      box.style.left = `${leftFor(at, width)}px`;
      box.style.visibility = "visible";
    };
    place(); // before paint, so it never shows at the wrong place
    let frame = 0;
    const onMove = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") close();
    };
    const onPressElsewhere = (e: Event) => {
      const target = e.target instanceof Node ? e.target : null;
      if (!anchor.contains(target) && !box.contains(target)) close();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPressElsewhere);
    window.addEventListener("scroll", onMove, { capture: true, passive: true });
    window.addEventListener("resize", onMove);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPressElsewhere);
      window.removeEventListener("scroll", onMove, { capture: true });
      window.removeEventListener("resize", onMove);
      if (closeOpenHint === close) closeOpenHint = null;
    };
  }, [anchor, close]);

  useEffect(() => () => clearTimeout(timer.current), []);

  if (!text) return { triggerProps: {}, tooltip: null };

  const scheduleClose = () => {
    if (pinned.current) return;
    clearTimer();
    timer.current = setTimeout(close, CLOSE_GRACE_MS);
  };
  const triggerProps: HintTriggerProps = {
    "aria-describedby": anchor ? id : undefined,
    onPointerEnter: (e) => {
      // A touch has no hover; its tap is the control's own action.
      if (e.pointerType === "touch") return;
      clearTimer();
      const target = e.currentTarget;
      const delay = Date.now() - lastClosedAt < SKIP_DELAY_MS ? 0 : OPEN_DELAY_MS;
      timer.current = setTimeout(() => open(target), delay);
    },
    onPointerLeave: scheduleClose,
    onPointerDown: (e) => {
      // Focus that comes with a press does not open the hint: the press decides. On a control
      // with an action of its own, the press is that action and the hint gets out of its way.
      pointerIsDown.current = true;
      heldOpen.current = false;
      // A touch that turns into a scroll ends with pointercancel, not pointerup.
      const release = () => {
        pointerIsDown.current = false;
        releasedAt.current = Date.now();
        if (!heldOpen.current) clearTimer(); // a tap, not a hold
        document.removeEventListener("pointerup", release);
        document.removeEventListener("pointercancel", release);
      };
      document.addEventListener("pointerup", release);
      document.addEventListener("pointercancel", release);
      if (pressToggles) return;
      close();
      // Touch has no hover, and a tap on this control is its action (a heading sorts): held
      // down, the touch opens the hint instead, as a phone's long press does, and the tap that
      // ends the hold does nothing else.
      if (e.pointerType === "touch") {
        const target = e.currentTarget;
        timer.current = setTimeout(() => {
          heldOpen.current = true;
          open(target);
          pinned.current = true;
        }, LONG_PRESS_MS);
      }
    },
    onFocus: (e) => {
      // Focus from a press is not keyboard focus: on a touch screen it even comes after the
      // finger lifted, and opened the hint of every heading tapped to sort.
      if (pointerIsDown.current || Date.now() - releasedAt.current < PRESS_FOCUS_MS) return;
      open(e.currentTarget);
    },
    onBlur: close,
  };
  if (!pressToggles) {
    triggerProps.onClickCapture = (e) => {
      if (!heldOpen.current) return;
      heldOpen.current = false;
      e.preventDefault();
      e.stopPropagation();
    };
    // The browser's own long-press menu would cover the hint.
    triggerProps.onContextMenu = (e) => {
      if (heldOpen.current) e.preventDefault();
    };
  }
  // Only when asked: a key present as undefined would replace the control's own onClick when the
  // props are spread after it.
  if (pressToggles)
    triggerProps.onClick = (e) => {
      if (anchor && pinned.current) return close();
      open(e.currentTarget);
      pinned.current = true;
    };
  const tooltip = anchor
    ? createPortal(
        <div
          ref={tooltipRef}
          role="tooltip"
          id={id}
          style={{ position: "fixed", top: 0, left: 0, visibility: "hidden" }}
          onPointerEnter={clearTimer}
          onPointerLeave={scheduleClose}
          className="z-50 max-w-xs rounded-md bg-slate-900 px-2 py-1.5 text-xs font-normal normal-case leading-snug tracking-normal text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
        >
          {text}
        </div>,
        document.body,
      )
    : null;
  return { triggerProps, tooltip };
}
