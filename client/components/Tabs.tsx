import { type KeyboardEvent, type ReactNode, useRef, useState } from "react";
import { FADED_WHILE_BUSY } from "./busy-fade";

export type TabItem<V extends string> = { value: V; label: ReactNode };

export const tabId = (idBase: string, value: string) => `${idBase}-tab-${value}`;
export const panelId = (idBase: string) => `${idBase}-panel`;

const tabClass = (active: boolean) =>
  `rounded-md px-4 py-2 text-sm font-medium ${active ? "bg-indigo-600 text-white" : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"}`;

/**
 * A tab list following the WAI-ARIA tabs pattern: one tab stop (the selected tab), arrow keys
 * move between tabs and select them (automatic activation), Home and End jump to the ends, and
 * each tab names the panel it controls. The panel is rendered by the caller with TabPanel.
 */
export function TabList<V extends string>({
  label,
  idBase,
  items,
  selected,
  onSelect,
  className = "flex flex-wrap gap-1",
}: {
  label: string;
  idBase: string;
  items: Array<TabItem<V>>;
  selected: V;
  onSelect: (value: V) => void;
  className?: string;
}) {
  const refs = useRef(new Map<V, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const next =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const item = items[next]!;
    onSelect(item.value);
    refs.current.get(item.value)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={className}>
      {items.map((item, index) => (
        <button
          key={item.value}
          ref={(el) => {
            if (el) refs.current.set(item.value, el);
            else refs.current.delete(item.value);
          }}
          type="button"
          role="tab"
          id={tabId(idBase, item.value)}
          aria-selected={item.value === selected}
          aria-controls={panelId(idBase)}
          tabIndex={item.value === selected ? 0 : -1}
          className={tabClass(item.value === selected)}
          onClick={() => onSelect(item.value)}
          onKeyDown={(e) => onKeyDown(e, index)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

/** The panel of a TabList: labelled by its selected tab. */
export function TabPanel({
  idBase,
  selected,
  pending = false,
  className,
  children,
}: {
  idBase: string;
  selected: string;
  /** The panel still shows the previous tab while the chosen one loads (useChosenTab). */
  pending?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      role="tabpanel"
      id={panelId(idBase)}
      aria-labelledby={tabId(idBase, selected)}
      aria-busy={pending || undefined}
      className={`${className ?? ""} ${pending ? FADED_WHILE_BUSY : ""}`.trim()}
    >
      {children}
    </section>
  );
}

/**
 * The tab a person has just chosen, shown selected at once. Tabs live in the address, which the
 * router changes in a transition: while the chosen tab's code or data loads, React keeps the old
 * panel, and the old tab stayed selected too, so a click (or an arrow key) seemed to do nothing
 * for as long as the load took (a second on a slow network). Any change of the address ends the
 * choice (the chosen tab arrived, or Back went elsewhere).
 */
export function useChosenTab<V extends string>(current: V) {
  const [chosen, setChosen] = useState<{ value: V; from: V } | null>(null);
  if (chosen && chosen.from !== current) setChosen(null);
  const pending = chosen !== null && chosen.value !== current;
  return {
    /** The tab to show as selected. */
    selected: pending ? chosen.value : current,
    /** True while the old panel stands in for the chosen tab's. */
    pending,
    choose: (value: V) => setChosen(value === current ? null : { value, from: current }),
  };
}
