import { formatBytes, usageColor } from "../../../shared/format";

const bar = { green: "bg-green-500", yellow: "bg-yellow-400", red: "bg-red-500" };

export function UsageBar({ usage, limit }: { usage: number; limit: number | null }) {
  const percent = limit ? Math.min(100, (usage / limit) * 100) : 0;
  return (
    <div>
      <div className="mb-1 flex justify-between text-sm">
        <span>
          {formatBytes(usage)} used{limit ? ` of ${formatBytes(limit)}` : " (unlimited)"}
        </span>
        {limit ? <span>{percent.toFixed(1)}%</span> : null}
      </div>
      <div
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        role="progressbar"
        aria-label="Drive storage used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
      >
        <div className={`h-full ${bar[usageColor(percent)]}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
