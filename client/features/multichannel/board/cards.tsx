import { useDraggable, useDroppable } from "@dnd-kit/core";
import { GripVertical, X } from "lucide-react";
import { memo } from "react";
import { rowBadge } from "../../../../shared/arrangement-seed";
import { confidenceColor, confidencePercent } from "../../../../shared/match-scores";
import type { ArrangementRow } from "../../../../shared/schemas/arrangement";
import type { BoardEpisode, BoardVideo } from "../../../../shared/schemas/multichannel";

export type DragData =
  | { kind: "episode"; episodeId: string; fromRowId: string | null }
  | { kind: "video"; videoId: string; fromRowId: string };

const dateOf = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone,
  }).format(ms);
const n = (x: number) => x.toLocaleString("en-US");

const colorClass = {
  green: "bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300",
  yellow: "bg-yellow-100 text-yellow-800 dark:bg-yellow-900/40 dark:text-yellow-300",
  red: "bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300",
} as const;

export function Badge({ label }: { label: string }) {
  const tone =
    label === "Auto Match"
      ? "bg-indigo-100 text-indigo-800 dark:bg-indigo-900/40 dark:text-indigo-300"
      : label === "Manual Match"
        ? "bg-sky-100 text-sky-800 dark:bg-sky-900/40 dark:text-sky-300"
        : label === "Merged"
          ? "bg-purple-100 text-purple-800 dark:bg-purple-900/40 dark:text-purple-300"
          : "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300";
  return <span className={`rounded px-1.5 py-0.5 text-[11px] font-medium ${tone}`}>{label}</span>;
}

type CardProps = {
  item: BoardVideo | BoardEpisode;
  kind: "video" | "episode";
  timeZone: string;
  drag: DragData;
  dragId: string;
  disabled: boolean;
  onRemove?: () => void;
};

/** A draggable video or episode card: title, source, figures with date, Merged badge, remove on hover/focus. */
export const ContentCard = memo(function ContentCard({
  item,
  kind,
  timeZone,
  drag,
  dragId,
  disabled,
  onRemove,
}: CardProps) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: dragId,
    data: drag,
    disabled,
  });
  const isVideo = kind === "video";
  const video = item as BoardVideo;
  const episode = item as BoardEpisode;
  return (
    <div
      ref={setNodeRef}
      data-testid={`${kind}-card`}
      className={`group relative flex min-w-0 items-start gap-2 rounded-lg border border-slate-200 bg-white p-2 text-left text-sm shadow-sm dark:border-slate-700 dark:bg-slate-800 ${isDragging ? "opacity-40" : ""}`}
    >
      <button
        type="button"
        {...listeners}
        {...attributes}
        aria-label={`Drag ${kind} ${item.title}`}
        disabled={disabled}
        className="mt-0.5 cursor-grab touch-none text-slate-400 disabled:cursor-default"
      >
        <GripVertical className="h-4 w-4" aria-hidden />
      </button>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium" title={item.title}>
          {item.title}
        </p>
        <p className="truncate text-xs text-slate-500 dark:text-slate-400">
          {isVideo ? video.channelTitle : episode.showTitle}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {isVideo ? `${n(video.views)} views` : `${n(episode.downloads)} downloads`} ·{" "}
          {dateOf(item.publishDate, timeZone)} {item.mergedCount > 1 && <Badge label="Merged" />}
        </p>
      </div>
      {onRemove && !disabled && (
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove ${kind} ${item.title}`}
          className="absolute right-1 top-1 rounded p-0.5 text-slate-400 opacity-0 hover:bg-slate-100 hover:text-slate-700 focus:opacity-100 group-hover:opacity-100 dark:hover:bg-slate-700"
        >
          <X className="h-3.5 w-3.5" aria-hidden />
        </button>
      )}
    </div>
  );
});

/** A plain card for the drag overlay. */
export function OverlayCard({
  item,
  kind,
}: {
  item: BoardVideo | BoardEpisode;
  kind: "video" | "episode";
}) {
  return (
    <div className="w-72 rounded-lg border border-indigo-400 bg-white p-2 text-sm shadow-lg dark:bg-slate-800">
      <p className="truncate font-medium">{item.title}</p>
      <p className="truncate text-xs text-slate-500 dark:text-slate-400">
        {kind === "video" ? (item as BoardVideo).channelTitle : (item as BoardEpisode).showTitle}
      </p>
    </div>
  );
}

function Slot({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id });
  return (
    <div
      ref={setNodeRef}
      data-slot={id}
      className={`min-h-[64px] min-w-0 flex-1 rounded-lg border-2 border-dashed p-1 ${isOver ? "border-indigo-500 bg-indigo-50 dark:bg-indigo-950/40" : "border-transparent"}`}
    >
      {children ?? (
        <div className="flex h-[56px] items-center justify-center rounded-lg bg-slate-50 text-xs text-slate-400 dark:bg-slate-800/50">
          {label}
        </div>
      )}
    </div>
  );
}

type RowProps = {
  row: ArrangementRow;
  video: BoardVideo | undefined;
  episode: BoardEpisode | undefined;
  timeZone: string;
  readOnly: boolean;
  onRemoveVideo: (rowId: string, videoId: string) => void;
  onRemoveEpisode: (rowId: string, episodeId: string) => void;
};

/** One Content Matching row: video slot, episode slot, confidence and badge. */
export const MatchRow = memo(function MatchRow({
  row,
  video,
  episode,
  timeZone,
  readOnly,
  onRemoveVideo,
  onRemoveEpisode,
}: RowProps) {
  const badge = rowBadge(row);
  const confidence =
    row.videoId && row.episodeId && row.matchConfidence !== null ? row.matchConfidence : null;
  return (
    <div
      data-testid="match-row"
      data-row-id={row.id}
      className="flex items-center gap-2 border-b border-slate-100 py-1 dark:border-slate-800"
    >
      <Slot id={`video-slot:${row.id}`} label="Drop video here">
        {video ? (
          <ContentCard
            item={video}
            kind="video"
            timeZone={timeZone}
            dragId={`video:${video.id}`}
            drag={{ kind: "video", videoId: video.id, fromRowId: row.id }}
            disabled={readOnly}
            onRemove={() => onRemoveVideo(row.id, video.id)}
          />
        ) : null}
      </Slot>
      <Slot id={`episode-slot:${row.id}`} label="Drop episode here">
        {episode ? (
          <ContentCard
            item={episode}
            kind="episode"
            timeZone={timeZone}
            dragId={`episode:${episode.id}`}
            drag={{ kind: "episode", episodeId: episode.id, fromRowId: row.id }}
            disabled={readOnly}
            onRemove={() => onRemoveEpisode(row.id, episode.id)}
          />
        ) : null}
      </Slot>
      <div className="flex w-28 shrink-0 flex-col items-end gap-1 text-xs">
        {confidence !== null && (
          <span
            className={`rounded px-1.5 py-0.5 font-semibold ${colorClass[confidenceColor(confidence)]}`}
          >
            {confidencePercent(confidence)}
          </span>
        )}
        {badge && <Badge label={badge} />}
      </div>
    </div>
  );
});
