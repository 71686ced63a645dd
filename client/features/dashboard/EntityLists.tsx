import type { ChannelRow, ShowRow } from "./dashboard-api";

const n = (v: number | null) => (v === null ? "—" : v.toLocaleString());
const updated = (v: string | null) => (v ? new Date(v).toLocaleString() : "Never");
const th = "py-2 pr-4 font-medium";
const td = "py-2 pr-4";

// The full tables (server-side paging, filters, downloads) arrive with the dashboard issue; these
// lists show what ingestion stored, with the spec's main columns.
export function ChannelsList({ rows }: { rows: ChannelRow[] }) {
  return (
    <table className="w-full text-left text-sm" aria-label="Channels">
      <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 dark:border-slate-700">
        <tr>
          <th className={th}>Channel</th>
          <th className={th} title="YouTube rounds subscriber counts to three significant figures">Subscribers</th>
          <th className={th}>Total Views</th>
          <th className={th}>Videos</th>
          <th className={th}>Trailing 1W Views</th>
          <th className={th}>Last Updated</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((c) => (
          <tr key={c.id} className="border-b border-slate-100 dark:border-slate-800" data-testid="channel-row">
            <td className={td}>{c.handle ? <a className="text-indigo-600 hover:underline dark:text-indigo-400" href={`https://www.youtube.com/${c.handle}`} target="_blank" rel="noopener noreferrer">{c.title}</a> : c.title}</td>
            <td className={td}>{n(c.subscriberCount)}</td>
            <td className={td}>{n(c.totalViews)}</td>
            <td className={td}>{n(c.videoCount)}</td>
            <td className={td}>{n(c.trailing1wViews)}</td>
            <td className={td}>{updated(c.lastUpdated)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ShowsList({ rows }: { rows: ShowRow[] }) {
  return (
    <table className="w-full text-left text-sm" aria-label="Shows">
      <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 dark:border-slate-700">
        <tr>
          <th className={th}>Show Title</th>
          <th className={th}>Total Downloads</th>
          <th className={th}>Total Episodes</th>
          <th className={th}>Trailing 1W Downloads</th>
          <th className={th}>Last Updated</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((s) => (
          <tr key={s.id} className="border-b border-slate-100 dark:border-slate-800" data-testid="show-row">
            <td className={td}>{s.title}</td>
            <td className={td}>{n(s.totalDownloadsGlobal)}</td>
            <td className={td}>{n(s.totalEpisodes)}</td>
            <td className={td}>{n(s.trailing1wDownloads)}</td>
            <td className={td}>{updated(s.lastUpdated)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
