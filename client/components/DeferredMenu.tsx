import {
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
  Suspense,
  useEffect,
  useState,
} from "react";
import { DialogBoundary } from "./DialogBoundary";

/** How a deferred menu should first appear: open if the user already asked, focused if they were on it. */
export type MenuStart = { defaultOpen: boolean; autoFocus: boolean };

type Props<P> = {
  /** React.lazy over the real (radix) menu, which takes MenuStart besides its own props. */
  menu: LazyExoticComponent<ComponentType<P & MenuStart>>;
  /** The same import the lazy component uses, to warm it on intent or when the page is idle. */
  preload: () => Promise<unknown>;
  menuProps: P;
  /** The trigger as the real menu renders it: an accessible name, classes and content. */
  label?: string;
  className: string;
  children: ReactNode;
};

/**
 * A menu button whose menu code (radix DropdownMenu, popper, floating-ui: about 30 KB gzipped)
 * loads on the first hover, focus or click, or a few seconds after the page settles, instead of
 * with the page. Until then a plain button with the same look stands in; a click or Enter on it
 * opens the real menu as soon as it arrives, with focus where the user left it.
 */
export function DeferredMenu<P>({
  menu: Menu,
  preload,
  menuProps,
  label,
  className,
  children,
}: Props<P>) {
  const [start, setStart] = useState<MenuStart | null>(null);
  // Warming up is best effort: offline it fails, and a click then says so (the boundary below).
  const warm = () => void preload().catch(() => undefined);
  useEffect(() => {
    const timer = setTimeout(() => void preload().catch(() => undefined), 5_000);
    return () => clearTimeout(timer);
  }, [preload]);

  const standIn = (onOpen?: (start: MenuStart) => void) => (
    <button
      type="button"
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      className={className}
      onPointerEnter={warm}
      onFocus={warm}
      onClick={(e) =>
        onOpen?.({ defaultOpen: true, autoFocus: e.currentTarget === document.activeElement })
      }
      onKeyDown={(e) => {
        if (e.key === "ArrowDown" || e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          onOpen?.({ defaultOpen: true, autoFocus: true });
        }
      }}
    >
      {children}
    </button>
  );
  if (!start) return standIn(setStart);
  // A menu whose code cannot be fetched (offline, or an old deployment's chunk) goes back to the
  // stand-in with a toast, instead of taking the page (or, for the account menu, the layout) down.
  return (
    <DialogBoundary part="menu" onFailed={() => setStart(null)}>
      <Suspense fallback={standIn()}>{<Menu {...menuProps} {...start} />}</Suspense>
    </DialogBoundary>
  );
}
