import {
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { useQuery } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { summarizeArrangement } from "../../../../shared/arrangement-seed";
import { dateRangeSchema, legacyDateRangeSchema } from "../../../../shared/schemas/date-range";
import type { BoardEpisode, BoardVideo } from "../../../../shared/schemas/multichannel";
import { Dialog } from "../../../components/Dialog";
import { Button, compactControlClass } from "../../../components/form";
import { ApiError } from "../../../lib/api/client";
import { serverMessage } from "../../../lib/api/errors";
import { countOf, formatCount } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { multiChannelApi, multiChannelMessages, multiChannelQueries } from "../multichannel-api";
import type { SetupValues } from "../SetupFlow";
import { boardAnnouncements, boardInstructions } from "./announcements";
import {
  ContentCard,
  type DragData,
  type DropTarget,
  dropTargetId,
  OverlayCard,
  POOL_TARGET,
} from "./cards";
import { slotKeyboardCoordinates } from "./keyboard";
import { MatchRow } from "./match-row";
import { filterRows, foldForSearch, ROW_SHOW_CHOICES, type RowShow } from "./row-filter";
import { useRoom } from "./use-room";

function currentDateRange(stored: unknown): SetupValues["dateRange"] {
  const current = dateRangeSchema.safeParse(stored);
  if (current.success) return current.data;
  const legacy = legacyDateRangeSchema.safeParse(stored);
  return legacy.success
    ? { type: "custom", range: { start: legacy.data.start, end: legacy.data.end } }
    : { type: "30days", range: null };
}

/** Drag constants (spec section 9). */
export const DRAG = {
  activationDistance: 8,
  autoScrollThreshold: 60,
  autoScrollSpeed: 15,
  autoScrollAcceleration: 1.3,
  autoScrollMaxFactor: 3,
  dropFallbackRadius: 50,
} as const;

/** Pointer inside a slot wins; otherwise the closest slot within 50 px of the pointer. */
const nearbyFallback: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  if (within.length > 0) return within;
  const p = args.pointerCoordinates;
  if (!p) return closestCenter(args);
  const near = args.droppableContainers.filter((c) => {
    const r = args.droppableRects.get(c.id);
    if (!r) return false;
    const dx = Math.max(r.left - p.x, 0, p.x - (r.left + r.width));
    const dy = Math.max(r.top - p.y, 0, p.y - (r.top + r.height));
    return Math.hypot(dx, dy) <= DRAG.dropFallbackRadius;
  });
  return near.length ? closestCenter({ ...args, droppableContainers: near }) : [];
};

/**
 * Scrolls a list while a drag hovers within 60 px of its top or bottom edge: 15 px a frame,
 * growing 1.3x a frame up to 3x (spec section 9).
 */
function useEdgeAutoScroll(containers: Array<React.RefObject<HTMLDivElement | null>>) {
  const pointer = useRef<{ x: number; y: number } | null>(null);
  const frame = useRef<number | null>(null);
  const speed = useRef(0);
  const stop = useCallback(() => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
    pointer.current = null;
    speed.current = 0;
  }, []);
  const tick = useCallback(() => {
    const p = pointer.current;
    let scrolled = false;
    if (p) {
      for (const ref of containers) {
        const el = ref.current;
        if (!el) continue;
        const r = el.getBoundingClientRect();
        if (p.x < r.left || p.x > r.right) continue;
        const direction =
          p.y < r.top + DRAG.autoScrollThreshold && p.y > r.top - DRAG.autoScrollThreshold
            ? -1
            : p.y > r.bottom - DRAG.autoScrollThreshold && p.y < r.bottom + DRAG.autoScrollThreshold
              ? 1
              : 0;
        if (direction) {
          speed.current = speed.current
            ? Math.min(
                speed.current * DRAG.autoScrollAcceleration,
                DRAG.autoScrollSpeed * DRAG.autoScrollMaxFactor,
              )
            : DRAG.autoScrollSpeed;
          el.scrollTop += direction * speed.current;
          scrolled = true;
        }
      }
    }
    if (!scrolled) speed.current = 0;
    frame.current = requestAnimationFrame(tick);
  }, [containers]);
  const move = useCallback(
    (x: number, y: number) => {
      pointer.current = { x, y };
      if (frame.current === null) frame.current = requestAnimationFrame(tick);
    },
    [tick],
  );
  useEffect(() => stop, [stop]);
  return { move, stop };
}

function PoolArea({ children }: { children: React.ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({
    id: dropTargetId(POOL_TARGET),
    data: POOL_TARGET,
  });
  return (
    <div
      ref={setNodeRef}
      className={`flex min-h-0 flex-1 flex-col rounded-lg ${isOver ? "ring-2 ring-indigo-500" : ""}`}
    >
      {children}
    </div>
  );
}

type Props = {
  orgId: string;
  previewId: string;
  onClose: () => void;
  onBackToMerge: (setup: SetupValues) => void;
  onGenerated: () => void;
  /**
   * Where focus goes on close when what opened the board is gone: after New Multi-Channel
   * Report, the setup dialog that opened it has closed.
   */
  returnFocus: RefObject<HTMLElement | null>;
};

/** The '{title} - Drag & Drop Preview' dialog, live with everyone else on the same preview. */
export default function PreviewBoard({
  orgId,
  previewId,
  onClose,
  onBackToMerge,
  onGenerated,
  returnFocus,
}: Props) {
  const preview = useQuery({
    ...multiChannelQueries.preview(orgId, previewId),
    staleTime: Infinity,
  });
  useEffect(() => {
    if (preview.isError) toast.error(multiChannelMessages.loadPreviewFailed);
  }, [preview.isError]);
  const content = preview.data?.content;
  const room = useRoom(
    orgId,
    previewId,
    content,
    preview.data
      ? {
          arrangement: preview.data.arrangement,
          version: preview.data.version,
          readOnly: preview.data.readOnly,
        }
      : undefined,
  );
  // A change travels only over a live connection (use-room's send drops it otherwise): while the
  // connection is down, cards are held still rather than snapping back from a drop with no word.
  const editable = !room.readOnly && room.status === "live";
  const reconnecting = room.status === "reconnecting";
  // A card's control that had the keyboard when the connection dropped is disabled (its handle)
  // or gone (Pick up, Remove), and the browser sent the focus to the page's body. The focus goes
  // to the line that says why instead, where the next Tab goes on into the board.
  const cardsArea = useRef<HTMLDivElement | null>(null);
  const lostLine = useRef<HTMLParagraphElement | null>(null);
  const lastFocused = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const remember = (event: FocusEvent) => {
      const target = event.target;
      lastFocused.current =
        target instanceof HTMLElement && cardsArea.current?.contains(target) ? target : null;
    };
    document.addEventListener("focusin", remember);
    return () => document.removeEventListener("focusin", remember);
  }, []);
  useEffect(() => {
    const last = lastFocused.current;
    if (!reconnecting || !last) return;
    const lost =
      !last.isConnected ||
      (last instanceof HTMLButtonElement && last.disabled) ||
      document.activeElement === document.body;
    if (lost) lostLine.current?.focus();
  }, [reconnecting]);
  const [generating, setGenerating] = useState(false);
  const [reopening, setReopening] = useState(false);
  const [dragging, setDragging] = useState<DragData | null>(null);
  const poolRef = useRef<HTMLDivElement | null>(null);
  const rowsRef = useRef<HTMLDivElement | null>(null);
  const autoScroll = useEdgeAutoScroll(useMemo(() => [poolRef, rowsRef], []));
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG.activationDistance } }),
    useSensor(KeyboardSensor, { coordinateGetter: slotKeyboardCoordinates }),
  );

  const videos = useMemo(() => new Map((content?.videos ?? []).map((v) => [v.id, v])), [content]);
  const episodes = useMemo(
    () => new Map((content?.episodes ?? []).map((e) => [e.id, e])),
    [content],
  );
  const arrangement = room.arrangement;
  const rows = arrangement?.rows ?? [];
  const pool = arrangement?.availableEpisodeIds ?? [];
  const summary = useMemo(
    () => (arrangement ? summarizeArrangement(arrangement) : null),
    [arrangement],
  );

  // The viewer's own narrowing of the rows (row-filter.ts); titles are folded once per content.
  const [rowShow, setRowShow] = useState<RowShow>("all");
  const [rowSearch, setRowSearch] = useState("");
  // Rows this person changed since the choice or search last changed stay in view.
  const [keptRows, setKeptRows] = useState<ReadonlySet<string>>(() => new Set());
  const keepRows = useCallback(
    (...ids: Array<string | null>) =>
      setKeptRows((kept) => {
        const more = ids.filter((id): id is string => id !== null && !kept.has(id));
        return more.length ? new Set([...kept, ...more]) : kept;
      }),
    [],
  );
  const searchTexts = useMemo(() => {
    const texts = new Map<string, string>();
    for (const v of content?.videos ?? [])
      texts.set(`video:${v.id}`, foldForSearch(`${v.title}\n${v.channelTitle}`));
    for (const e of content?.episodes ?? [])
      texts.set(`episode:${e.id}`, foldForSearch(`${e.title}\n${e.showTitle}`));
    return texts;
  }, [content]);
  const shownRows = useMemo(
    () =>
      filterRows(
        rows,
        rowShow,
        rowSearch,
        (kind, id) => searchTexts.get(`${kind}:${id}`) ?? "",
        keptRows,
      ),
    [rows, rowShow, rowSearch, searchTexts, keptRows],
  );
  const narrowed = rowShow !== "all" || rowSearch.trim() !== "";
  /** Another choice or search: its rows from the first, and no row kept from the last one. */
  const narrow = (change: { show?: RowShow; search?: string }) => {
    if (change.show !== undefined) setRowShow(change.show);
    if (change.search !== undefined) setRowSearch(change.search);
    setKeptRows(new Set());
    if (rowsRef.current) rowsRef.current.scrollTop = 0;
  };

  const rowVirtualizer = useVirtualizer({
    count: shownRows.length,
    // Sizes are kept by row, not by place in the list: a search moves rows to other places.
    getItemKey: (i) => shownRows[i]?.row.id ?? i,
    getScrollElement: () => rowsRef.current,
    estimateSize: () => 76,
    overscan: 8,
  });
  const poolVirtualizer = useVirtualizer({
    count: pool.length,
    getScrollElement: () => poolRef.current,
    estimateSize: () => 72,
    overscan: 8,
  });

  const { send } = room;
  const removeVideo = useCallback(
    (rowId: string, videoId: string) => {
      keepRows(rowId);
      send({ type: "remove_video", rowId, videoId });
    },
    [send, keepRows],
  );
  const removeEpisode = useCallback(
    (rowId: string, episodeId: string) => {
      keepRows(rowId);
      send({ type: "remove_episode", rowId, episodeId });
    },
    [send, keepRows],
  );

  const onDragStart = (event: DragStartEvent) =>
    setDragging((event.active.data.current as DragData | undefined) ?? null);
  const onDragMove = (event: DragMoveEvent) => {
    const start = event.activatorEvent as PointerEvent;
    if (typeof start.clientX === "number")
      autoScroll.move(start.clientX + event.delta.x, start.clientY + event.delta.y);
  };
  /** The move a drop (or a tap on a Place button) asks for, as the room's intent. */
  const dropOn = useCallback(
    (data: DragData, target: DropTarget) => {
      keepRows(data.fromRowId, target.kind === "pool" ? null : target.rowId);
      if (data.kind === "episode") {
        if (target.kind === "episode-slot") {
          if (target.rowId !== data.fromRowId)
            send({
              type: "place_episode",
              rowId: target.rowId,
              episodeId: data.episodeId,
              fromRowId: data.fromRowId,
            });
        } else if (target.kind === "pool" && data.fromRowId)
          send({ type: "remove_episode", rowId: data.fromRowId, episodeId: data.episodeId });
      } else if (target.kind === "video-slot" && target.rowId !== data.fromRowId)
        send({
          type: "move_video",
          fromRowId: data.fromRowId,
          toRowId: target.rowId,
          videoId: data.videoId,
        });
    },
    [send, keepRows],
  );
  const onDragEnd = (event: DragEndEvent) => {
    autoScroll.stop();
    setDragging(null);
    const data = event.active.data.current as DragData | undefined;
    const target = event.over?.data.current as DropTarget | undefined;
    if (data && target) dropOn(data, target);
  };
  // Tap to pick up, tap to place: the board on a phone (and for anyone who prefers buttons).
  const [picked, setPicked] = useState<DragData | null>(null);
  const pickedItem = picked
    ? picked.kind === "video"
      ? videos.get(picked.videoId)
      : episodes.get(picked.episodeId)
    : undefined;
  const pick = useCallback(
    (drag: DragData) =>
      setPicked((current) =>
        current && JSON.stringify(current) === JSON.stringify(drag) ? null : drag,
      ),
    [],
  );
  const place = useCallback(
    (target: DropTarget) => {
      if (picked) dropOn(picked, target);
      setPicked(null);
    },
    [picked, dropOn],
  );
  const picking = useMemo(
    () => (picked && pickedItem && editable ? { drag: picked, title: pickedItem.title } : null),
    [picked, pickedItem, editable],
  );
  const names = useRef({ videos, episodes, rows });
  names.current = { videos, episodes, rows };
  const accessibility = useMemo(
    () => ({
      announcements: boardAnnouncements(() => names.current),
      screenReaderInstructions: boardInstructions,
    }),
    [],
  );

  const generate = async () => {
    setGenerating(true);
    try {
      const result = await multiChannelApi.generate(orgId, previewId);
      toast.success(multiChannelMessages.generated(result.contentCount));
      onGenerated();
      onClose();
    } catch (e) {
      toast.error(serverMessage(e, multiChannelMessages.generateFailed));
    } finally {
      setGenerating(false);
    }
  };
  const reopen = async () => {
    setReopening(true);
    try {
      await multiChannelApi.reopen(orgId, previewId);
      onGenerated();
    } catch (e) {
      toast.error(serverMessage(e, multiChannelMessages.loadPreviewFailed));
    } finally {
      setReopening(false);
    }
  };

  const title = preview.data
    ? `${preview.data.title} - Drag & Drop Preview`
    : "Drag & Drop Preview";
  const others = room.presence.filter((p) => p.connectionId !== room.you);
  const dragged: { item: BoardVideo | BoardEpisode; kind: "video" | "episode" } | null = dragging
    ? dragging.kind === "video"
      ? videos.has(dragging.videoId)
        ? { item: videos.get(dragging.videoId)!, kind: "video" }
        : null
      : episodes.has(dragging.episodeId)
        ? { item: episodes.get(dragging.episodeId)!, kind: "episode" }
        : null
    : null;

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      size="full"
      returnFocus={returnFocus}
      // Escape during a drag cancels the drag (the board's own instructions say so; dnd-kit's
      // sensor does it), and with a card picked up it puts the card down: neither closes the board.
      onEscapeKeyDown={(event) => {
        if (!dragging && !picked) return;
        event.preventDefault();
        setPicked(null);
      }}
    >
      {preview.isError && !preview.data ? (
        // A link to a preview someone deleted (or a wrong id) said "Loading preview" for ever.
        <div role="alert" className="space-y-3 py-10 text-center text-sm">
          <p>
            {preview.error instanceof ApiError && preview.error.status === 404
              ? "This preview was deleted."
              : multiChannelMessages.loadPreviewFailed}
          </p>
          {!(preview.error instanceof ApiError && preview.error.status === 404) && (
            <Button variant="secondary" onClick={() => void preview.refetch()}>
              Try again
            </Button>
          )}
        </div>
      ) : !preview.data || !arrangement || !content ? (
        <p className="py-10 text-center text-sm text-slate-500 dark:text-slate-400" role="status">
          Loading preview
        </p>
      ) : (
        <DndContext
          sensors={sensors}
          accessibility={accessibility}
          collisionDetection={nearbyFallback}
          autoScroll={false}
          onDragStart={onDragStart}
          onDragMove={onDragMove}
          onDragEnd={onDragEnd}
          onDragCancel={() => {
            autoScroll.stop();
            setDragging(null);
          }}
        >
          <div className="flex min-h-0 flex-1 flex-col gap-3">
            <div className="flex flex-wrap items-center gap-3">
              <h3 className="sr-only">Content Summary</h3>
              <dl className="flex flex-wrap gap-2 text-sm" aria-label="Content Summary">
                {[
                  // The videos on the board: a removed one has left it and the report.
                  [
                    "Total Videos",
                    summary ? summary.pairs.length + summary.unmatchedVideoIds.length : 0,
                  ],
                  ["Total Episodes", content.episodes.length],
                  ["Auto Matches", summary?.autoMatches ?? 0],
                  ["Available Episodes", pool.length],
                ].map(([label, value]) => (
                  <div
                    key={label}
                    className="rounded-lg border border-slate-200 px-3 py-1.5 dark:border-slate-700"
                  >
                    <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
                    <dd
                      className="font-semibold"
                      data-testid={`summary-${String(label).toLowerCase().replace(/ /g, "-")}`}
                    >
                      {value}
                    </dd>
                  </div>
                ))}
              </dl>
              <div
                className="ml-auto text-right text-xs text-slate-500 dark:text-slate-400"
                aria-live="polite"
              >
                <p data-testid="presence">
                  {others.length
                    ? `Also here: ${others.map((p) => p.name).join(", ")}`
                    : "Only you are here"}
                </p>
                <p>
                  {room.status === "live"
                    ? `Live · version ${room.version}`
                    : room.status === "reconnecting"
                      ? "Reconnecting..."
                      : room.status === "closed"
                        ? "This preview was deleted."
                        : "Connecting..."}
                </p>
              </div>
            </div>
            {room.readOnly && (
              <div className="flex items-center gap-3 rounded-lg bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800">
                This report is completed; its saved arrangement is shown read-only.
                <Button
                  variant="secondary"
                  className="ml-auto px-3 py-1"
                  disabled={reopening}
                  onClick={() => void reopen()}
                >
                  Reopen to edit
                </Button>
              </div>
            )}
            {picking && (
              <div
                role="status"
                className="flex items-center gap-3 rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100"
              >
                <span className="min-w-0 flex-1 truncate">
                  Moving {picking.title}: tap Place here on a slot.
                </span>
                <Button variant="secondary" className="px-3 py-1" onClick={() => setPicked(null)}>
                  Cancel
                </Button>
              </div>
            )}
            {reconnecting && (
              <p
                ref={lostLine}
                tabIndex={-1}
                className="text-sm text-amber-700 outline-none dark:text-amber-400"
                role="status"
              >
                Connection lost. Reconnecting... Cards can be moved again once the board is live.
              </p>
            )}
            {room.notice && (
              <p className="text-sm text-amber-700 dark:text-amber-400" role="status">
                {room.notice}
              </p>
            )}
            <div ref={cardsArea} className="grid min-h-0 flex-1 gap-4 lg:grid-cols-[20rem_1fr]">
              <section aria-label="Available Episodes" className="flex min-h-0 flex-col">
                <h3 className="mb-2 text-sm font-semibold">Available Episodes ({pool.length})</h3>
                {picking?.drag.kind === "episode" && picking.drag.fromRowId && (
                  <Button
                    variant="secondary"
                    className="mb-2"
                    onClick={() => place(POOL_TARGET)}
                    aria-label={`Return ${picking.title} to Available Episodes`}
                  >
                    Return here
                  </Button>
                )}
                <PoolArea>
                  <div
                    ref={poolRef}
                    className="max-h-[30vh] min-h-0 flex-1 overflow-y-auto rounded-lg border border-slate-200 p-1 lg:max-h-[60vh] dark:border-slate-700"
                  >
                    {pool.length === 0 && (
                      <p className="p-3 text-sm text-slate-500 dark:text-slate-400">
                        Every episode is placed.
                      </p>
                    )}
                    <div style={{ height: poolVirtualizer.getTotalSize(), position: "relative" }}>
                      {poolVirtualizer.getVirtualItems().map((item) => {
                        const episode = episodes.get(pool[item.index]!);
                        return (
                          <div
                            key={item.key}
                            data-index={item.index}
                            ref={poolVirtualizer.measureElement}
                            style={{
                              position: "absolute",
                              top: 0,
                              left: 0,
                              right: 0,
                              transform: `translateY(${item.start}px)`,
                            }}
                            className="py-0.5"
                          >
                            {episode && (
                              <ContentCard
                                item={episode}
                                kind="episode"
                                timeZone={content.timeZone}
                                dragId={`episode:${episode.id}`}
                                drag={{ kind: "episode", episodeId: episode.id, fromRowId: null }}
                                disabled={!editable}
                                onPick={pick}
                                picked={
                                  picked?.kind === "episode" &&
                                  picked.episodeId === episode.id &&
                                  picked.fromRowId === null
                                }
                              />
                            )}
                          </div>
                        );
                      })}
                    </div>
                  </div>
                </PoolArea>
              </section>
              <section aria-label="Content Matching" className="flex min-h-0 flex-col">
                <div className="mb-2 flex flex-wrap items-center gap-2">
                  <h3 className="mr-auto text-sm font-semibold" aria-live="polite">
                    {narrowed
                      ? `Content Matching (${formatCount(shownRows.length)} of ${formatCount(rows.length)} rows)`
                      : `Content Matching (${countOf(rows.length, "row")})`}
                  </h3>
                  <input
                    type="search"
                    value={rowSearch}
                    onChange={(e) => narrow({ search: e.target.value })}
                    placeholder="Search rows..."
                    aria-label="Search rows"
                    className={`${compactControlClass} w-44 sm:w-56`}
                  />
                  <select
                    value={rowShow}
                    onChange={(e) => narrow({ show: e.target.value as RowShow })}
                    aria-label="Show rows"
                    className={compactControlClass}
                  >
                    {ROW_SHOW_CHOICES.map((choice) => (
                      <option key={choice.value} value={choice.value}>
                        {choice.label}
                      </option>
                    ))}
                  </select>
                </div>
                <div
                  ref={rowsRef}
                  className="max-h-[60vh] min-h-0 flex-1 overflow-y-auto rounded-lg border border-slate-200 px-2 dark:border-slate-700"
                >
                  {narrowed && shownRows.length === 0 && (
                    <div className="flex items-center gap-3 p-3 text-sm text-slate-600 dark:text-slate-300">
                      No rows match.
                      <Button
                        variant="secondary"
                        className="px-3 py-1"
                        onClick={() => narrow({ show: "all", search: "" })}
                      >
                        Show all rows
                      </Button>
                    </div>
                  )}
                  <div style={{ height: rowVirtualizer.getTotalSize(), position: "relative" }}>
                    {rowVirtualizer.getVirtualItems().map((item) => {
                      const { row, index } = shownRows[item.index]!;
                      return (
                        <div
                          key={row.id}
                          data-index={item.index}
                          ref={rowVirtualizer.measureElement}
                          style={{
                            position: "absolute",
                            top: 0,
                            left: 0,
                            right: 0,
                            transform: `translateY(${item.start}px)`,
                          }}
                        >
                          <MatchRow
                            row={row}
                            rowNumber={index + 1}
                            picked={picking}
                            onPick={pick}
                            onPlace={place}
                            video={row.videoId ? videos.get(row.videoId) : undefined}
                            episode={row.episodeId ? episodes.get(row.episodeId) : undefined}
                            timeZone={content.timeZone}
                            readOnly={!editable}
                            onRemoveVideo={removeVideo}
                            onRemoveEpisode={removeEpisode}
                          />
                        </div>
                      );
                    })}
                  </div>
                </div>
              </section>
            </div>
            <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-3 dark:border-slate-700">
              <Button variant="secondary" onClick={onClose}>
                Close
              </Button>
              <Button
                variant="secondary"
                onClick={() =>
                  onBackToMerge({
                    title: preview.data.title,
                    // An older stored shape (start/end) comes back as a custom range.
                    dateRange: currentDateRange(preview.data.dateRange),
                    selectedChannels: preview.data.selectedChannels,
                    selectedShows: preview.data.selectedShows,
                    mergeOptions: preview.data.mergeOptions,
                  })
                }
              >
                Back to Merge Options
              </Button>
              <Button
                disabled={generating || room.status !== "live"}
                onClick={() => void generate()}
              >
                {generating ? "Generating..." : "Generate Final Report"}
              </Button>
            </div>
          </div>
          <DragOverlay>
            {dragged ? <OverlayCard item={dragged.item} kind={dragged.kind} /> : null}
          </DragOverlay>
        </DndContext>
      )}
    </Dialog>
  );
}
