import type { Active, Announcements, Over, ScreenReaderInstructions } from "@dnd-kit/core";
import type { ArrangementRow } from "../../../../shared/schemas/arrangement";
import type { BoardEpisode, BoardVideo } from "../../../../shared/schemas/multichannel";
import type { DragData, DropTarget } from "./cards";

/*
 * What a screen reader hears while dragging on the board: titles and row numbers ("Launch day
 * is over the episode slot of row 3"), never raw ids ("episode:571ad78a-... was moved over
 * episode-slot:row-1").
 */
export type BoardNames = {
  videos: ReadonlyMap<string, BoardVideo>;
  episodes: ReadonlyMap<string, BoardEpisode>;
  rows: readonly ArrangementRow[];
};

/** A card, from the drag data it carries (never from its dnd-kit id). */
export function describeItem(drag: DragData | undefined, names: BoardNames): string {
  if (drag?.kind === "video")
    return `video ${names.videos.get(drag.videoId)?.title ?? "(unknown)"}`;
  if (drag?.kind === "episode")
    return `episode ${names.episodes.get(drag.episodeId)?.title ?? "(unknown)"}`;
  return "a card";
}

/** A drop area, from the target it carries. */
export function describeTarget(target: DropTarget | undefined, names: BoardNames): string {
  if (!target) return "a slot";
  if (target.kind === "pool") return "the Available Episodes list";
  const index = names.rows.findIndex((r) => r.id === target.rowId);
  const row = index >= 0 ? `row ${index + 1} of ${names.rows.length}` : "a row";
  return `the ${target.kind === "video-slot" ? "video" : "episode"} slot of ${row}`;
}

const dragOf = (active: Active) => active.data.current as DragData | undefined;
const targetOf = (over: Over) => over.data.current as DropTarget | undefined;

export function boardAnnouncements(names: () => BoardNames): Announcements {
  return {
    onDragStart: ({ active }) => `Picked up ${describeItem(dragOf(active), names())}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${describeItem(dragOf(active), names())} is over ${describeTarget(targetOf(over), names())}.`
        : `${describeItem(dragOf(active), names())} is not over a slot.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `Dropped ${describeItem(dragOf(active), names())} on ${describeTarget(targetOf(over), names())}.`
        : `Dropped ${describeItem(dragOf(active), names())}; nothing changed.`,
    onDragCancel: ({ active }) =>
      `Cancelled: ${describeItem(dragOf(active), names())} is back where it was.`,
  };
}

export const boardInstructions: ScreenReaderInstructions = {
  draggable:
    "To pick up a card, press Space or Enter. Up and Down arrows move it from row to row, Left and " +
    "Right between the available episodes and the rows. Press Space or Enter to drop it, Escape " +
    "to cancel. Or activate a card's Pick button, then the Place button of a slot.",
};
