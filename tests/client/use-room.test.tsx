import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useRoom } from "../../client/features/multichannel/board/use-room";
import type { Arrangement } from "../../shared/schemas/arrangement";
import type { BoardContent, RoomServerMessage } from "../../shared/schemas/multichannel";

/*
 * The board's optimistic intents (spec: the room is the authority): a drop shows at once, the
 * room's update confirms it, a rejection rolls it back with a notice, and a dropped connection
 * comes back with a fresh ticket. The WebSocket and the ticket call are the boundary faked here.
 */

class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  receive(message: RoomServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

const video = (id: string, day: number) => ({
  id,
  title: `Talk ${id}`,
  channelId: "c1",
  channelTitle: "Channel",
  views: 1,
  likes: 0,
  comments: 0,
  publishDate: Date.UTC(2026, 10, day),
  durationSeconds: null,
  trailing1dViews: null,
  trailing1wViews: null,
  trailing1mViews: null,
  trailing1yViews: null,
  mergedCount: 1,
});
const episode = (id: string, day: number) => ({
  id,
  title: `Episode ${id}`,
  showId: "s1",
  showTitle: "Show",
  downloads: 1,
  publishDate: Date.UTC(2026, 10, day),
  durationSeconds: null,
  seasonNumber: null,
  episodeNumber: null,
  trailing1dDownloads: null,
  trailing1wDownloads: null,
  trailing1mDownloads: null,
  trailing1yDownloads: null,
  uniqueListeners: null,
});
const content = {
  videos: [video("v1", 2), video("v2", 5)],
  episodes: [episode("e1", 2), episode("e2", 5)],
  timeZone: "UTC",
} as unknown as BoardContent;
const arrangement: Arrangement = {
  rows: [
    {
      id: "row1",
      videoId: "v1",
      episodeId: "e1",
      matchConfidence: 0.9,
      matchType: "high-confidence",
      userModified: false,
      status: "suggested",
    },
    {
      id: "row2",
      videoId: "v2",
      episodeId: null,
      matchConfidence: null,
      matchType: "unmatched",
      userModified: false,
      status: "suggested",
    },
  ],
  availableEpisodeIds: ["e2"],
};
const snapshot: RoomServerMessage = {
  type: "snapshot",
  version: 7,
  arrangement,
  readOnly: false,
  you: "conn-1",
  presence: [],
};

async function connected() {
  FakeSocket.all = [];
  vi.stubGlobal("WebSocket", FakeSocket);
  const ticket = vi.fn(
    async () =>
      new Response(JSON.stringify({ ticket: "t", url: "/api/orgs/o/socket?ticket=t" }), {
        status: 200,
        headers: { "content-type": "application/json" },
      }),
  );
  vi.stubGlobal("fetch", ticket);
  const hook = renderHook(() => useRoom("o", "p", content, undefined));
  await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
  const socket = FakeSocket.all[0]!;
  act(() => {
    socket.open();
    socket.receive(snapshot);
  });
  await waitFor(() => expect(hook.result.current.status).toBe("live"));
  return { hook, socket, ticket };
}

const rowOf = (arr: Arrangement | null, id: string) => arr!.rows.find((r) => r.id === id)!;
const place = { type: "place_episode", rowId: "row2", episodeId: "e2", fromRowId: null } as const;

describe("the board's optimistic intents", () => {
  it("shows a drop at once and sends it to the room with an intent id", async () => {
    const { hook, socket } = await connected();
    act(() => hook.result.current.send(place));
    expect(rowOf(hook.result.current.arrangement, "row2").episodeId).toBe("e2");
    expect(hook.result.current.arrangement!.availableEpisodeIds).toEqual([]);
    expect(socket.sent).toEqual([
      { type: "intent", intentId: expect.stringMatching(/^i1-/), intent: place },
    ]);
    // Still version 7: only the room moves the version.
    expect(hook.result.current.version).toBe(7);
  });

  it("the room's update confirms the intent and becomes the state", async () => {
    const { hook, socket } = await connected();
    act(() => hook.result.current.send(place));
    const { intentId } = socket.sent[0] as { intentId: string };
    act(() =>
      socket.receive({
        type: "update",
        version: 8,
        rows: [{ ...rowOf(arrangement, "row2"), episodeId: "e2", matchType: "manual" }],
        availableEpisodeIds: [],
        intentId,
        by: "conn-1",
      }),
    );
    expect(hook.result.current.version).toBe(8);
    expect(rowOf(hook.result.current.arrangement, "row2")).toMatchObject({
      episodeId: "e2",
      matchType: "manual",
    });
  });

  it("a rejection rolls the drop back and says why", async () => {
    const { hook, socket } = await connected();
    act(() => hook.result.current.send(place));
    const { intentId } = socket.sent[0] as { intentId: string };
    act(() =>
      socket.receive({ type: "rejected", intentId, reason: "episode_not_available", version: 7 }),
    );
    expect(rowOf(hook.result.current.arrangement, "row2").episodeId).toBeNull();
    expect(hook.result.current.arrangement!.availableEpisodeIds).toEqual(["e2"]);
    expect(hook.result.current.notice).toBe("Someone else moved that episode first.");
  });

  it("another person's update lands under a pending drop, which stays on top until answered", async () => {
    const { hook, socket } = await connected();
    act(() => hook.result.current.send(place));
    act(() =>
      socket.receive({
        type: "update",
        version: 8,
        rows: [{ ...rowOf(arrangement, "row1"), episodeId: null, matchType: "unmatched" }],
        availableEpisodeIds: ["e2", "e1"],
        intentId: null,
        by: "conn-2",
      }),
    );
    expect(rowOf(hook.result.current.arrangement, "row1").episodeId).toBeNull();
    expect(rowOf(hook.result.current.arrangement, "row2").episodeId).toBe("e2");
    expect(hook.result.current.arrangement!.availableEpisodeIds).toEqual(["e1"]);
  });

  it("a read-only board sends nothing", async () => {
    const { hook, socket } = await connected();
    act(() => socket.receive({ ...snapshot, version: 9, readOnly: true }));
    await waitFor(() => expect(hook.result.current.readOnly).toBe(true));
    act(() => hook.result.current.send(place));
    expect(socket.sent).toEqual([]);
    expect(rowOf(hook.result.current.arrangement, "row2").episodeId).toBeNull();
  });

  it("a socket that opens and closes before the room answers is retried more slowly each time", async () => {
    const { socket } = await connected();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    try {
      act(() => socket.drop());
      await act(() => vi.advanceTimersByTimeAsync(500));
      expect(FakeSocket.all).toHaveLength(2);
      // Opened, then closed with no snapshot (a proxy, a room refusing): the wait doubles.
      act(() => {
        FakeSocket.all[1]!.open();
        FakeSocket.all[1]!.drop();
      });
      await act(() => vi.advanceTimersByTimeAsync(500));
      expect(FakeSocket.all).toHaveLength(2);
      await act(() => vi.advanceTimersByTimeAsync(500));
      expect(FakeSocket.all).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a dropped connection reconnects with a fresh ticket and resumes from the new snapshot", async () => {
    const { hook, socket, ticket } = await connected();
    act(() => hook.result.current.send(place));
    act(() => socket.drop());
    expect(hook.result.current.status).toBe("reconnecting");
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2), { timeout: 3_000 });
    expect(ticket).toHaveBeenCalledTimes(2);
    const again = FakeSocket.all[1]!;
    act(() => {
      again.open();
      again.receive({ ...snapshot, version: 12 });
    });
    await waitFor(() => expect(hook.result.current.status).toBe("live"));
    // The unanswered drop is dropped with the old connection: the room's snapshot wins.
    expect(hook.result.current.version).toBe(12);
    expect(rowOf(hook.result.current.arrangement, "row2").episodeId).toBeNull();
  });
});
