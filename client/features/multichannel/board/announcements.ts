import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from "@dnd-kit/core";
import type { ArrangementRow } from "../../../../shared/schemas/arrangement";
import type { BoardEpisode, BoardVideo } from "../../../../shared/schemas/multichannel";

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

export function describeItem(id: UniqueIdentifier, names: BoardNames): string {
  const text = String(id);
  if (text.startsWith("video:"))
    return `video ${names.videos.get(text.slice(6))?.title ?? "(unknown)"}`;
  if (text.startsWith("episode:"))
    return `episode ${names.episodes.get(text.slice(8))?.title ?? "(unknown)"}`;
  return text;
}

export function describeTarget(id: UniqueIdentifier, names: BoardNames): string {
  const text = String(id);
  if (text === "pool") return "the Available Episodes list";
  const [slot, rowId] = text.split(":");
  const index = names.rows.findIndex((r) => r.id === rowId);
  const row = index >= 0 ? `row ${index + 1} of ${names.rows.length}` : "a row";
  return `the ${slot === "video-slot" ? "video" : "episode"} slot of ${row}`;
}

export function boardAnnouncements(names: () => BoardNames): Announcements {
  return {
    onDragStart: ({ active }) => `Picked up ${describeItem(active.id, names())}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${describeItem(active.id, names())} is over ${describeTarget(over.id, names())}.`
        : `${describeItem(active.id, names())} is not over a slot.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `Dropped ${describeItem(active.id, names())} on ${describeTarget(over.id, names())}.`
        : `Dropped ${describeItem(active.id, names())}; nothing changed.`,
    onDragCancel: ({ active }) =>
      `Cancelled: ${describeItem(active.id, names())} is back where it was.`,
  };
}

export const boardInstructions: ScreenReaderInstructions = {
  draggable:
    "To pick up a card, press Space or Enter. Up and Down arrows move it from row to row, Left and " +
    "Right between the available episodes and the rows. Press Space or Enter to drop it, Escape " +
    "to cancel. Or activate a card's Pick button, then the Place button of a slot.",
};
