/** What a table's download menu can do; shared by the trigger and the lazily loaded menu. */
export type DownloadActions = {
  onCsv: () => void;
  onJson: () => void;
  onCopy: () => void;
  /** A file is downloading: CSV and JSON wait until it has arrived. */
  busy?: boolean;
};
export const downloadButtonClass =
  "inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900";
