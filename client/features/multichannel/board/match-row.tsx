import { useDroppable } from "@dnd-kit/core";
import { memo, type ReactNode, useMemo } from "react";
import { rowBadge } from "../../../../shared/arrangement-seed";
import { confidenceColor, confidencePercent } from "../../../../shared/match-scores";
import type { ArrangementRow } from "../../../../shared/schemas/arrangement";
import type { BoardEpisode, BoardVideo } from "../../../../shared/schemas/multichannel";
import { Badge, ContentCard, type DragData, type DropTarget, dropTargetId } from "./cards";

const colorClass = {
  green: "bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300",
  yellow: "bg-yellow-100 text-yellow-800 dark:bg-yellow-900/40 dark:text-yellow-300",
  red: "bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300",
} as const;

/**
 * A drop slot. While a card is picked up (tap to move), a slot that can take it shows a Place
 * button over its whole area, named after the card and the row.
 */
function Slot({
  target,
  label,
  place,
  children,
}: {
  target: DropTarget;
  label: string;
  place?: { label: string; onPlace: () => void };
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: dropTargetId(target), data: target });
  return (
    <div
      ref={setNodeRef}
      data-slot={dropTargetId(target)}
      className={`relative min-h-[64px] min-w-0 flex-1 rounded-lg border-2 border-dashed p-1 ${isOver ? "border-indigo-500 bg-indigo-50 dark:bg-indigo-950/40" : place ? "border-indigo-400" : "border-transparent"}`}
    >
      {children ?? (
        <div className="flex h-[56px] items-center justify-center rounded-lg border border-dashed border-slate-400 bg-slate-50 text-xs text-slate-600 dark:border-slate-600 dark:bg-slate-800/50 dark:text-slate-300">
          {label}
        </div>
      )}
      {place && (
        <button
          type="button"
          onClick={place.onPlace}
          aria-label={place.label}
          className="absolute inset-0 flex items-center justify-center rounded-lg bg-indigo-50/90 text-sm font-medium text-indigo-800 dark:bg-indigo-950/90 dark:text-indigo-200"
        >
          Place here
        </button>
      )}
    </div>
  );
}

type RowProps = {
  row: ArrangementRow;
  rowNumber: number;
  video: BoardVideo | undefined;
  episode: BoardEpisode | undefined;
  timeZone: string;
  readOnly: boolean;
  onRemoveVideo: (rowId: string, videoId: string) => void;
  onRemoveEpisode: (rowId: string, episodeId: string) => void;
  /** The card picked up for tap-to-place, with its title; null when none. */
  picked: { drag: DragData; title: string } | null;
  onPick: (drag: DragData) => void;
  onPlace: (target: DropTarget) => void;
};

/**
 * One Content Matching row: video slot, episode slot, confidence and badge. On a phone the two
 * slots stack, so each card keeps the screen's width.
 */
export const MatchRow = memo(function MatchRow({
  row,
  rowNumber,
  video,
  episode,
  timeZone,
  readOnly,
  onRemoveVideo,
  onRemoveEpisode,
  picked,
  onPick,
  onPlace,
}: RowProps) {
  const badge = rowBadge(row);
  const confidence =
    row.videoId && row.episodeId && row.matchConfidence !== null ? row.matchConfidence : null;
  const placeIn = (kind: "video" | "episode") => {
    if (!picked || picked.drag.kind !== kind || picked.drag.fromRowId === row.id) return undefined;
    const target: DropTarget =
      kind === "video"
        ? { kind: "video-slot", rowId: row.id }
        : { kind: "episode-slot", rowId: row.id };
    return { label: `Place ${picked.title} in row ${rowNumber}`, onPlace: () => onPlace(target) };
  };
  const videoSlot = useMemo<DropTarget>(() => ({ kind: "video-slot", rowId: row.id }), [row.id]);
  const episodeSlot = useMemo<DropTarget>(
    () => ({ kind: "episode-slot", rowId: row.id }),
    [row.id],
  );
  const isPicked = (drag: DragData) =>
    picked !== null &&
    picked.drag.kind === drag.kind &&
    picked.drag.fromRowId === drag.fromRowId &&
    (drag.kind === "video"
      ? picked.drag.kind === "video" && picked.drag.videoId === drag.videoId
      : picked.drag.kind === "episode" && picked.drag.episodeId === drag.episodeId);
  const videoDrag: DragData | null = video
    ? { kind: "video", videoId: video.id, fromRowId: row.id }
    : null;
  const episodeDrag: DragData | null = episode
    ? { kind: "episode", episodeId: episode.id, fromRowId: row.id }
    : null;
  return (
    <div
      data-testid="match-row"
      data-row-id={row.id}
      className="flex flex-col gap-1 border-b border-slate-100 py-1 sm:flex-row sm:items-center sm:gap-2 dark:border-slate-800"
    >
      <span className="sr-only">Row {rowNumber}</span>
      <Slot target={videoSlot} label="Drop video here" place={placeIn("video")}>
        {video && videoDrag ? (
          <ContentCard
            item={video}
            kind="video"
            timeZone={timeZone}
            dragId={`video:${video.id}`}
            drag={videoDrag}
            disabled={readOnly}
            onRemove={() => onRemoveVideo(row.id, video.id)}
            onPick={onPick}
            picked={isPicked(videoDrag)}
          />
        ) : null}
      </Slot>
      <Slot target={episodeSlot} label="Drop episode here" place={placeIn("episode")}>
        {episode && episodeDrag ? (
          <ContentCard
            item={episode}
            kind="episode"
            timeZone={timeZone}
            dragId={`episode:${episode.id}`}
            drag={episodeDrag}
            disabled={readOnly}
            onRemove={() => onRemoveEpisode(row.id, episode.id)}
            onPick={onPick}
            picked={isPicked(episodeDrag)}
          />
        ) : null}
      </Slot>
      <div className="flex shrink-0 items-center gap-1 text-xs sm:w-28 sm:flex-col sm:items-end">
        {confidence !== null && (
          <span
            data-testid="row-confidence"
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
