import { useDraggable } from "@dnd-kit/core";
import { ArrowRightLeft, GripVertical, X } from "lucide-react";
import { memo } from "react";
import type { BoardEpisode, BoardVideo } from "../../../../shared/schemas/multichannel";
import { TitleText } from "../../../components/TitleText";
import { formatCount, formatShortDayIn } from "../../../lib/format";

export type DragData =
  | { kind: "episode"; episodeId: string; fromRowId: string | null }
  | { kind: "video"; videoId: string; fromRowId: string };

/** Where a card can be dropped: a row's video or episode slot, or the episode pool. */
export type DropTarget =
  | { kind: "video-slot"; rowId: string }
  | { kind: "episode-slot"; rowId: string }
  | { kind: "pool" };
export const POOL_TARGET: DropTarget = { kind: "pool" };
/**
 * dnd-kit wants a unique id per drop area (also the `data-slot` attribute the browser tests find);
 * the target itself travels as the droppable's data, so the id is never decoded.
 */
export const dropTargetId = (target: DropTarget): string =>
  target.kind === "pool" ? "pool" : `${target.kind}:${target.rowId}`;

const dateOf = formatShortDayIn;
const n = formatCount;

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
  /** Tap to pick up (then tap a slot to place): the way to move cards on a phone. */
  onPick?: (drag: DragData) => void;
  picked?: boolean;
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
  onPick,
  picked = false,
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
      className={`group relative flex min-w-0 items-start gap-2 rounded-lg border bg-white p-2 text-left text-sm shadow-sm dark:bg-slate-800 ${picked ? "border-indigo-500 ring-2 ring-indigo-500" : "border-slate-200 dark:border-slate-700"} ${isDragging ? "opacity-40" : ""}`}
    >
      <button
        type="button"
        {...listeners}
        {...attributes}
        aria-label={`Drag ${kind} ${item.title}`}
        disabled={disabled}
        className="mt-0.5 cursor-grab touch-none text-slate-500 disabled:cursor-default dark:text-slate-400"
      >
        <GripVertical className="h-4 w-4" aria-hidden />
      </button>
      <div className="min-w-0 flex-1">
        <TitleText as="p" className="font-medium" title={item.title}>
          {item.title}
        </TitleText>
        <TitleText as="p" className="text-xs text-slate-500 dark:text-slate-400">
          {isVideo ? video.channelTitle : episode.showTitle}
        </TitleText>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {isVideo ? `${n(video.views)} views` : `${n(episode.downloads)} downloads`} ·{" "}
          {dateOf(item.publishDate, timeZone)} {item.mergedCount > 1 && <Badge label="Merged" />}
        </p>
      </div>
      {onPick && !disabled && (
        <button
          type="button"
          onClick={() => onPick(drag)}
          aria-pressed={picked}
          aria-label={`${picked ? "Put down" : "Pick up"} ${kind} ${item.title}`}
          title={picked ? "Put down" : "Pick up, then tap where it goes"}
          className={`mt-5 shrink-0 rounded p-1 ${picked ? "bg-indigo-600 text-white" : "text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-700"}`}
        >
          <ArrowRightLeft className="h-4 w-4" aria-hidden />
        </button>
      )}
      {onRemove && !disabled && (
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove ${kind} ${item.title}`}
          className="absolute right-1 top-1 rounded p-0.5 text-slate-500 opacity-0 hover:bg-slate-100 hover:text-slate-700 focus:opacity-100 group-hover:opacity-100 dark:text-slate-400 dark:hover:bg-slate-700 [@media(hover:none)]:opacity-100"
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
      <TitleText as="p" className="font-medium">
        {item.title}
      </TitleText>
      <TitleText as="p" className="text-xs text-slate-500 dark:text-slate-400">
        {kind === "video" ? (item as BoardVideo).channelTitle : (item as BoardEpisode).showTitle}
      </TitleText>
    </div>
  );
}
