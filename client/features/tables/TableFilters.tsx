import {
  downloadsPresets,
  publishedPresets,
  type TableName,
  viewsPresets,
} from "../../../shared/schemas/tables";
import type { Chip } from "../../components/data-table/DataTable";

type Option = { value: string; label: string };
type FilterDef = { key: string; label: string; options: Option[] };

const presetOptions = (presets: Record<string, string>) =>
  Object.entries(presets).map(([value, label]) => ({ value, label }));
/**
 * The spec's filters per table (section 2 and 9), offered as selects that become chips. Seasons
 * are the ones the shows really have: the spec's presets 1-5 find nothing for a show whose
 * seasons are 6 and 8.
 */
export function filtersFor(
  table: TableName,
  parents: Option[],
  seasonNumbers: number[] = [],
): FilterDef[] {
  const seasons = seasonNumbers.map((s) => ({ value: String(s), label: `Season ${s}` }));
  switch (table) {
    case "videos":
      return [
        { key: "channel", label: "Channel", options: parents },
        { key: "views", label: "Views", options: presetOptions(viewsPresets) },
        { key: "published", label: "Published", options: presetOptions(publishedPresets) },
      ];
    case "episodes":
      return [
        { key: "show", label: "Show", options: parents },
        { key: "downloads", label: "Downloads", options: presetOptions(downloadsPresets) },
        ...(seasons.length > 0 ? [{ key: "season", label: "Season", options: seasons }] : []),
        { key: "published", label: "Published", options: presetOptions(publishedPresets) },
      ];
    default:
      return [];
  }
}

export function chipsFrom(defs: FilterDef[], params: URLSearchParams): Chip[] {
  return defs.flatMap((def) => {
    const value = params.get(def.key);
    if (!value) return [];
    const label = def.options.find((o) => o.value === value)?.label ?? value;
    return [{ id: def.key, label: `${def.label}: ${label}` }];
  });
}

export function FilterSelects({
  defs,
  params,
  onChange,
}: {
  defs: FilterDef[];
  params: URLSearchParams;
  onChange: (key: string, value: string | null) => void;
}) {
  return (
    <>
      {defs.map((def) => (
        <select
          key={def.key}
          aria-label={`Filter by ${def.label.toLowerCase()}`}
          value={params.get(def.key) ?? ""}
          onChange={(e) => onChange(def.key, e.target.value || null)}
          className="max-w-full rounded-md border border-slate-300 bg-white px-2 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
        >
          <option value="">{def.label}: any</option>
          {def.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ))}
    </>
  );
}
