/*
 * The dashboard tables' column catalogue: for each table, its columns in order with the heading
 * on screen, the kind of value, whether it sorts, whether it is optional (shown only when a row
 * of the filtered set has a value above 0) and its heading in downloads. Everything else derives
 * from it: the row schemas and sort keys of the API (shared/schemas/tables.ts), the Worker's
 * sortable and optional columns, CSV headings and Merge Same sums (worker/features/tables/), the
 * report files' columns, and the client's columns (client/features/tables/columns.tsx).
 */

export const tableNames = ["channels", "videos", "shows", "episodes"] as const;
export type TableName = (typeof tableNames)[number];

/**
 * text: a string; number: a count; date: an ISO timestamp; duration: seconds; season: S/E;
 * source: where the row's window figures come from (a WindowSource); minutes: a count of minutes
 * shown and exported as hours.
 */
export type ColumnKind = "text" | "number" | "date" | "duration" | "season" | "source" | "minutes";

/*
 * Where a YouTube channel's or video's trailing and first-days figures come from
 * (docs/design.md, "Window sources"): the channel owner's YouTube Analytics (exact daily views)
 * or our snapshots of the public counts. Merge Same rows that sum both kinds are "mixed".
 */
export const windowSources = ["owner", "public", "mixed"] as const;
export type WindowSource = (typeof windowSources)[number];
/** The words of exports (the Source column) and of the window columns' tooltips. */
export const windowSourceLabels: Record<WindowSource, string> = {
  owner: "Owner analytics",
  public: "Public counts",
  mixed: "Owner analytics and public counts",
};
/** The tooltip on the heading of a YouTube window column. */
export const windowSourceHint =
  "Each figure names its source. Owner analytics: exact daily views from the channel owner's YouTube Analytics. Public counts: from our snapshots of YouTube's public view counts.";
/** The tooltip sentence on a window figure, after its source's label. */
export const windowSourceDetails: Record<WindowSource, string> = {
  owner: "exact daily views from the channel owner's YouTube Analytics",
  public: "from our snapshots of YouTube's public view counts",
  mixed: "these merged videos' figures come from both",
};

export type TableColumn = {
  /** The row's field (and the sort key, for a sortable column). */
  readonly id: string;
  /** The heading on screen (the spec's words). */
  readonly label: string;
  readonly kind: ColumnKind;
  readonly sortable: boolean;
  readonly optional: boolean;
  /** The heading in CSV downloads and report files; null when the column is not exported. */
  readonly exportAs: string | null;
  /** False for a field that is downloaded but not a column on screen (a handle, a video id). */
  readonly shown: boolean;
  /** A tooltip on the heading. */
  readonly hint?: string;
  /** A YouTube window whose cells say where the figure comes from (the row's windowSource). */
  readonly sourced?: boolean;
};

/** A column: sortable, shown, not optional, and exported under its label unless told otherwise. */
const column = <const Id extends string, const Kind extends ColumnKind>(
  id: Id,
  label: string,
  kind: Kind,
  extra: { exportAs?: string; hint?: string } = {},
) => ({
  id,
  label,
  kind,
  sortable: true as const,
  optional: false as const,
  shown: true as const,
  exportAs: extra.exportAs ?? label,
  ...(extra.hint ? { hint: extra.hint } : {}),
});
/** A trailing or first-days window: a number, sortable, optional. */
const windowed = <const Id extends string>(id: Id, label: string) => ({
  ...column(id, label, "number"),
  optional: true as const,
});
/**
 * One metric's windowed columns, in the order given: ("trailing", "Views", ["1d"]) is
 * trailing1dViews, "Trailing 1D Views"; ("first", "Downloads", ["24h"]) is first24hDownloads,
 * "First 24H Downloads".
 */
const windowsOf = <
  const From extends "trailing" | "first",
  const Metric extends "Views" | "Downloads",
  const Span extends string,
>(
  from: From,
  metric: Metric,
  spans: readonly Span[],
) =>
  spans.map((span) =>
    windowed(
      `${from}${span}${metric}` as `${From}${Span}${Metric}`,
      `${from === "trailing" ? "Trailing" : "First"} ${span.toUpperCase()} ${metric}`,
    ),
  );
/** YouTube's windows (views) also say where each figure comes from (the row's windowSource). */
const sourced = <C extends object>(columns: C[]) =>
  columns.map((c) => ({ ...c, sourced: true as const }));
/** The trailing windows: YouTube's tables have a month, podcasts' do not. */
const trailingViews = sourced(windowsOf("trailing", "Views", ["1d", "1w", "1m", "1y"]));
const trailingDownloads = windowsOf("trailing", "Downloads", ["1d", "1w", "1y"]);
/** Owner analytics only (empty for public channels): sortable, optional, explained. */
const ownerOnly = <const Id extends string, const Kind extends ColumnKind>(
  id: Id,
  label: string,
  kind: Kind,
  extra: { exportAs: string; hint: string },
) => ({ ...column(id, label, kind, extra), optional: true as const });
const watchTimeColumns = [
  ownerOnly("watchMinutes", "Watch Time (Hours)", "minutes", {
    exportAs: "Watch Time (Hours)",
    hint: "Owner analytics only: hours watched since publication, from the channel owner's YouTube Analytics",
  }),
  ownerOnly("averageViewDuration", "Avg View Duration", "duration", {
    exportAs: "Avg View Duration (s)",
    hint: "Owner analytics only: average time a view lasted since publication, from the channel owner's YouTube Analytics",
  }),
] as const;

/** Downloaded, but neither a column on screen nor a sort key. */
const exportOnly = <const Id extends string, const Kind extends ColumnKind>(
  id: Id,
  label: string,
  kind: Kind,
) => ({ ...column(id, label, kind), sortable: false as const, shown: false as const });

export const tableColumns = {
  channels: [
    column("title", "Channel", "text"),
    exportOnly("handle", "Handle", "text"),
    column("subscriberCount", "Subscribers", "number", {
      hint: "YouTube rounds public subscriber counts down to three significant figures; a channel's owner can hide the count",
    }),
    column("totalViews", "Total Views", "number"),
    column("videoCount", "Videos", "number"),
    ...trailingViews,
    ...watchTimeColumns,
    exportOnly("windowSource", "Source", "source"),
    column("lastUpdated", "Last Updated", "date"),
  ],
  videos: [
    column("title", "Video Title", "text"),
    exportOnly("externalId", "Video ID", "text"),
    column("channelTitle", "Channel", "text"),
    column("views", "Views", "number"),
    column("likes", "Likes", "number"),
    column("comments", "Comments", "number"),
    ...sourced(windowsOf("first", "Views", ["24h", "48h", "7d"])),
    ...trailingViews,
    ...watchTimeColumns,
    exportOnly("windowSource", "Source", "source"),
    column("publishDate", "Published", "date"),
    column("lastUpdated", "Last Updated", "date"),
  ],
  shows: [
    column("title", "Show Title", "text"),
    column("totalDownloadsGlobal", "Total Downloads", "number"),
    column("totalEpisodes", "Total Episodes", "number"),
    ...trailingDownloads,
    column("lastUpdated", "Last Updated", "date"),
  ],
  episodes: [
    column("title", "Episode Title", "text"),
    column("showTitle", "Show", "text"),
    column("totalDownloadsGlobal", "Total Downloads", "number"),
    ...windowsOf("first", "Downloads", ["24h", "48h", "7d"]),
    ...trailingDownloads,
    column("seasonNumber", "S/E", "season", { exportAs: "Season" }),
    exportOnly("episodeNumber", "Episode", "number"),
    column("durationSeconds", "Duration", "duration", { exportAs: "Duration (s)" }),
    column("publishDate", "Published Date", "date"),
  ],
} as const satisfies Record<TableName, readonly TableColumn[]>;

type Columns<T extends TableName> = (typeof tableColumns)[T][number];
export type ColumnId<T extends TableName> = Columns<T>["id"];
/** The sort keys of table T: exactly its sortable columns. */
export type SortKey<T extends TableName> = Extract<Columns<T>, { sortable: true }>["id"];
export type OptionalColumnId<T extends TableName> = Extract<Columns<T>, { optional: true }>["id"];
/** The kind of each of table T's columns, by id. */
export type ColumnKinds<T extends TableName> = {
  [C in Columns<T> as C["id"]]: C["kind"];
};

/** Table T's sort keys, in column order (a non-empty tuple, for z.enum). */
export const sortKeys = <T extends TableName>(table: T) =>
  tableColumns[table].filter((c) => c.sortable).map((c) => c.id) as [SortKey<T>, ...SortKey<T>[]];

/** Table T's optional columns' ids. */
export const optionalColumnIds = <T extends TableName>(table: T) =>
  tableColumns[table].filter((c) => c.optional).map((c) => c.id) as OptionalColumnId<T>[];

type ExportedColumns = ReadonlyArray<readonly [heading: string, field: string]>;
const exportedOf = (table: TableName): ExportedColumns =>
  tableColumns[table].flatMap((c: TableColumn) =>
    c.exportAs ? [[c.exportAs, c.id] as const] : [],
  );
const exported: Record<TableName, ExportedColumns> = {
  channels: exportedOf("channels"),
  videos: exportedOf("videos"),
  shows: exportedOf("shows"),
  episodes: exportedOf("episodes"),
};

/**
 * The downloaded columns of table T: [heading, field] in order. Worked out once: reports and
 * exports ask for them for every row they write.
 */
export const exportedColumns = (table: TableName): ExportedColumns => exported[table];

/** Watch time as the tables and downloads show it: hours, to one decimal. */
export const minutesAsHours = (minutes: number) => Math.round(minutes / 6) / 10;

/**
 * Figures YouTube leaves out, with the row flag that says so: a channel's owner hides its
 * subscriber count, a video's owner its likes, or a video's comments are turned off. The row
 * then has no figure (null), the table says `word` (capitalised) with `why` on hover, and the
 * exports write `word`.
 */
const withheldFigures: Record<string, { flag: string; word: string; why: string }> = {
  subscriberCount: {
    flag: "subscribersHidden",
    word: "hidden",
    why: "The channel's owner hides its subscriber count",
  },
  likes: { flag: "likesHidden", word: "hidden", why: "The video's owner hides its likes" },
  comments: { flag: "commentsOff", word: "off", why: "Comments are turned off for this video" },
};

/** Why a row has no `field` figure, when YouTube left it out; null otherwise. */
export const withheldFigure = (field: string, row: Readonly<Record<string, unknown>>) => {
  const withheld = Object.hasOwn(withheldFigures, field) ? withheldFigures[field] : undefined;
  return withheld && row[withheld.flag] === true ? withheld : null;
};
