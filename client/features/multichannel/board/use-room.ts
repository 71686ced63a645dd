import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { applyIntent, type PairingContext } from "../../../../shared/arrangement-rules";
import type { Arrangement, ArrangementRow } from "../../../../shared/schemas/arrangement";
import {
  type BoardContent,
  type PresenceUser,
  roomServerMessageSchema,
} from "../../../../shared/schemas/multichannel";
import type { RoomIntent } from "../../../../shared/schemas/room-intents";
import { multiChannelApi } from "../multichannel-api";

export type RoomStatus = "connecting" | "live" | "reconnecting" | "closed";
type Pending = { intentId: string; intent: RoomIntent };

const REJECTION_TEXT: Record<string, string> = {
  episode_not_available: "Someone else moved that episode first.",
  episode_not_in_row: "That episode has already moved.",
  video_not_in_row: "That video has already moved.",
  unknown_row: "That row changed under you.",
  read_only: "This report is completed; reopen it to make changes.",
};

/** Applies a server update (changed rows and, if it changed, the pool) to an arrangement. */
export function applyUpdate(
  arr: Arrangement,
  rows: ArrangementRow[],
  pool: string[] | null,
): Arrangement {
  const changed = new Map(rows.map((r) => [r.id, r]));
  const next = arr.rows.map((r) => changed.get(r.id) ?? r);
  const known = new Set(arr.rows.map((r) => r.id));
  for (const r of rows) if (!known.has(r.id)) next.push(r);
  return { rows: next, availableEpisodeIds: pool ?? arr.availableEpisodeIds };
}

/**
 * The board's live connection to its PreviewRoom. The room is the authority; this hook shows
 * the user's own intents at once (applied with the same shared rules) and replaces them with the
 * room's answer, so a drop feels instant and a conflict settles the way the room decided. It
 * reconnects with a fresh ticket after a drop-out and resumes from the room's snapshot.
 */
export function useRoom(
  orgId: string,
  previewId: string,
  content: BoardContent | undefined,
  initial: { arrangement: Arrangement; version: number; readOnly: boolean } | undefined,
) {
  const [confirmed, setConfirmed] = useState<Arrangement | null>(initial?.arrangement ?? null);
  const [version, setVersion] = useState(initial?.version ?? 0);
  const [readOnly, setReadOnly] = useState(initial?.readOnly ?? false);
  const [pending, setPending] = useState<Pending[]>([]);
  const [presence, setPresence] = useState<PresenceUser[]>([]);
  const [you, setYou] = useState<string | null>(null);
  const [status, setStatus] = useState<RoomStatus>("connecting");
  const [notice, setNotice] = useState<string | null>(null);
  const socket = useRef<WebSocket | null>(null);
  const seq = useRef(0);

  const pairing = useMemo<PairingContext | null>(
    () =>
      content
        ? {
            videos: new Map(
              content.videos.map((v) => [
                v.id,
                { id: v.id, title: v.title, publishDate: v.publishDate },
              ]),
            ),
            episodes: new Map(
              content.episodes.map((e) => [
                e.id,
                { id: e.id, title: e.title, publishDate: e.publishDate },
              ]),
            ),
            timeZone: content.timeZone,
          }
        : null,
    [content],
  );

  useEffect(() => {
    let stopped = false;
    let attempt = 0;
    let ping: ReturnType<typeof setInterval> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      try {
        const { url } = await multiChannelApi.ticket(orgId, previewId);
        if (stopped) return;
        const ws = new WebSocket(
          `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${url}`,
        );
        socket.current = ws;
        ws.onopen = () => {
          ping = setInterval(
            () => ws.readyState === WebSocket.OPEN && ws.send('{"type":"ping"}'),
            25_000,
          );
        };
        ws.onmessage = (event) => {
          const raw: unknown = JSON.parse(String(event.data));
          if ((raw as { type?: string }).type === "pong") return;
          const parsed = roomServerMessageSchema.safeParse(raw);
          if (!parsed.success) return;
          const message = parsed.data;
          switch (message.type) {
            case "snapshot":
              // The back-off starts again only once the room has answered: a socket that opens
              // and closes at once (a proxy, a room refusing) is retried more and more slowly.
              attempt = 0;
              setConfirmed(message.arrangement);
              setVersion(message.version);
              setReadOnly(message.readOnly);
              setPresence(message.presence);
              setYou(message.you);
              setPending([]);
              setStatus("live");
              break;
            case "update":
              setConfirmed((arr) =>
                arr ? applyUpdate(arr, message.rows, message.availableEpisodeIds) : arr,
              );
              setVersion(message.version);
              if (message.intentId)
                setPending((p) => p.filter((x) => x.intentId !== message.intentId));
              break;
            case "rejected":
              setPending((p) => p.filter((x) => x.intentId !== message.intentId));
              setNotice(REJECTION_TEXT[message.reason] ?? "That change could not be applied.");
              break;
            case "presence":
              setPresence(message.presence);
              break;
            case "closed":
              // A changed role reconnects with a fresh ticket (checked again); an ended access,
              // or a deleted board, stays closed.
              if (message.reason === "access_changed") break;
              stopped = true;
              setStatus("closed");
              break;
          }
        };
        ws.onclose = () => {
          clearInterval(ping);
          if (stopped) return;
          setStatus("reconnecting");
          retry = setTimeout(() => void connect(), Math.min(10_000, 500 * 2 ** attempt++));
        };
      } catch {
        if (stopped) return;
        setStatus("reconnecting");
        retry = setTimeout(() => void connect(), Math.min(10_000, 500 * 2 ** attempt++));
      }
    };
    void connect();
    return () => {
      stopped = true;
      clearInterval(ping);
      clearTimeout(retry);
      socket.current?.close(1000, "closed");
    };
  }, [orgId, previewId]);

  /** What the user sees: the room's state with their own unanswered intents applied on top. */
  const arrangement = useMemo(() => {
    if (!confirmed || !pairing) return confirmed;
    let arr = confirmed;
    for (const p of pending) {
      const result = applyIntent(arr, p.intent, pairing);
      if (result.ok) arr = result.arrangement;
    }
    return arr;
  }, [confirmed, pending, pairing]);

  const send = useCallback(
    (intent: RoomIntent) => {
      const ws = socket.current;
      if (readOnly || !ws || ws.readyState !== WebSocket.OPEN) return;
      const intentId = `i${++seq.current}-${Date.now().toString(36)}`;
      setPending((p) => [...p, { intentId, intent }]);
      setNotice(null);
      ws.send(JSON.stringify({ type: "intent", intentId, intent }));
    },
    [readOnly],
  );

  return { arrangement, version, readOnly, presence, you, status, notice, send };
}
