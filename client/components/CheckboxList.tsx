import { useId, useMemo, useState } from "react";

export type Option = { id: string; title: string };

type Props = {
  legend: string;
  searchLabel: string;
  options: Option[];
  selected: Set<string>;
  onChange: (
    next: Set<string>,
  ) => void /** Tailwind max-height class: about 12 rem in the report dialog, 10 rem in the multi-channel one. */;
  maxHeight?: string;
};

/**
 * A searchable checkbox list (case-insensitive title substring) with Select All / Deselect All
 * over the items the search shows, scrolling at a fixed height (spec section 9).
 */
export function CheckboxList({
  legend,
  searchLabel,
  options,
  selected,
  onChange,
  maxHeight = "max-h-40",
}: Props) {
  const [query, setQuery] = useState("");
  const searchId = useId();
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? options.filter((o) => o.title.toLowerCase().includes(q)) : options;
  }, [options, query]);
  const allShownSelected = shown.length > 0 && shown.every((o) => selected.has(o.id));
  const toggleAll = () => {
    const next = new Set(selected);
    for (const o of shown) {
      if (allShownSelected) next.delete(o.id);
      else next.add(o.id);
    }
    onChange(next);
  };
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  };
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">
        {legend}{" "}
        <span className="font-normal text-slate-500 dark:text-slate-400">
          ({selected.size} selected)
        </span>
      </legend>
      <label htmlFor={searchId} className="sr-only">
        {searchLabel}
      </label>
      <input
        id={searchId}
        type="search"
        placeholder={`${searchLabel}...`}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900"
      />
      <button
        type="button"
        onClick={toggleAll}
        disabled={shown.length === 0}
        className="text-sm text-indigo-600 hover:underline disabled:opacity-50 dark:text-indigo-400"
      >
        {allShownSelected ? "Deselect All" : "Select All"}
      </button>
      <div
        className={`${maxHeight} space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2 dark:border-slate-700`}
      >
        {shown.length === 0 && (
          <p className="text-sm text-slate-500 dark:text-slate-400">No matches.</p>
        )}
        {shown.map((o) => (
          <label key={o.id} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={selected.has(o.id)} onChange={() => toggle(o.id)} />{" "}
            <span dir="auto">{o.title}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
