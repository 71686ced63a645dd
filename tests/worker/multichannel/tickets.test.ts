import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type PreviewRoom, TICKET_TTL_MS } from "../../../worker/rooms/preview-room";
import { call } from "../support/http";
import {
  allTime,
  createPreview,
  mergeNone,
  openSocket,
  orgWithPairedContent,
} from "../support/multichannel";

/*
 * Board tickets (gap kind: branches never taken): no ticket ever expired in a test, and reuse
 * was only tried after the first socket had closed.
 */
async function roomWithTicket() {
  const setup = await orgWithPairedContent();
  const previewId = await createPreview(setup.org.id, setup.token, {
    title: "Tickets",
    dateRange: allTime,
    selectedChannels: [setup.channel.id],
    selectedShows: [setup.show.id],
    mergeOptions: mergeNone,
  });
  const issue = async () =>
    (
      await call(`/api/orgs/${setup.org.id}/multi-channel/previews/${previewId}/ticket`, {
        method: "POST",
        token: setup.token,
      })
    ).json as { ticket: string; url: string };
  const stub = env.PREVIEW_ROOM.get(env.PREVIEW_ROOM.idFromName(`${setup.org.id}:${previewId}`));
  /** Moves every stored ticket's expiry by `deltaMs` (the room's own clock cannot be pinned). */
  const age = (deltaMs: number) =>
    runInDurableObject(stub, (_room: PreviewRoom, state) => {
      state.storage.sql.exec("UPDATE socket_tickets SET expires_at = expires_at + ?", deltaMs);
    });
  const stored = () =>
    runInDurableObject(
      stub,
      (_room: PreviewRoom, state) =>
        state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM socket_tickets").one().n,
    );
  return { ...setup, previewId, issue, age, stored };
}

describe("board tickets", () => {
  it("live for a minute: one aged past its expiry opens nothing, and is purged at the next issue", async () => {
    expect(TICKET_TTL_MS).toBe(60_000);
    const { issue, age, stored } = await roomWithTicket();
    const old = await issue();
    await age(-(TICKET_TTL_MS + 1_000));
    expect((await openSocket(old.url)).status).toBe(404);
    // Refused, not consumed: the expired row stays until the next issue sweeps it.
    expect(await stored()).toBe(1);
    const fresh = await issue();
    expect(await stored()).toBe(1);
    const socket = await openSocket(fresh.url);
    expect(socket.status).toBe(101);
    socket.board!.ws.close();
  });

  it("a ticket still inside its minute opens the board", async () => {
    const { issue, age } = await roomWithTicket();
    const ticket = await issue();
    await age(-(TICKET_TTL_MS - 5_000));
    const socket = await openSocket(ticket.url);
    expect(socket.status).toBe(101);
    expect(await socket.board!.next("snapshot")).toMatchObject({ type: "snapshot" });
    socket.board!.ws.close();
  });

  it("used twice at the same moment, a ticket opens exactly one socket", async () => {
    const { issue, stored } = await roomWithTicket();
    const ticket = await issue();
    const answers = await Promise.all([openSocket(ticket.url), openSocket(ticket.url)]);
    expect(answers.map((a) => a.status).sort()).toEqual([101, 404]);
    expect(await stored()).toBe(0);
    for (const a of answers) a.board?.ws.close();
  });
});
