import { and, eq, isNotNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { schema } from "../../../worker/db/client";
import { db } from "../support/factories";
import { call, signIn } from "../support/http";
import {
  allTime,
  connectBoard,
  createPreview,
  mergeNone,
  orgWithPairedContent,
} from "../support/multichannel";

/*
 * Access ends everywhere at once (issue 14): removal, role change, sign-out, password change and
 * an admin reset close the person's board sockets straight away, and every intent re-checks that
 * the membership and the sign-in are still live.
 */

type Setup = Awaited<ReturnType<typeof orgWithPairedContent>>;
let setup: Setup;

beforeAll(async () => {
  setup = await orgWithPairedContent();
}, 120_000);

const newBoard = () =>
  createPreview(setup.org.id, setup.token, {
    title: `Board ${crypto.randomUUID().slice(0, 6)}`,
    dateRange: allTime,
    selectedChannels: [setup.channel.id],
    selectedShows: [setup.show.id],
    mergeOptions: mergeNone,
  });

/** A person of the organisation with their own sign-in, and a board they have open. */
async function personOnBoard(role: "standard" | "admin" = "standard") {
  const { createUser } = await import("../support/accounts");
  const person = await createUser({ organizationId: setup.org.id, role });
  const session = await signIn(person.email, person.password);
  const previewId = await newBoard();
  const board = (await connectBoard(setup.org.id, previewId, session.accessToken)).board!;
  await board.next("snapshot");
  const closed = new Promise<number>((resolve) =>
    board.ws.addEventListener("close", () => resolve(performance.now())),
  );
  return { person, session, previewId, board, closed };
}

const admin = () => setup.admin.session.accessToken;

describe("board sockets when access ends", () => {
  it("removing a member closes their socket at once", async () => {
    const { person, board, closed } = await personOnBoard();
    const started = performance.now();
    const removed = await call(`/api/orgs/${setup.org.id}/members/${person.user.id}`, {
      method: "DELETE",
      token: admin(),
    });
    expect(removed.status).toBe(200);
    expect((await board.next("closed")).reason).toBe("access_ended");
    const closedAt = await closed;
    // The figure for the note (never asserted: timing here depends on the machine).
    console.log(`removal-to-socket-close: ${(closedAt - started).toFixed(1)} ms`);
  }, 30_000);

  it("a role change closes the socket so the board reconnects under the new role", async () => {
    const { person, session, previewId, board } = await personOnBoard();
    await call(`/api/orgs/${setup.org.id}/members/${person.user.id}`, {
      method: "PATCH",
      body: { role: "admin" },
      token: admin(),
    });
    expect((await board.next("closed")).reason).toBe("access_changed");
    const again = (await connectBoard(setup.org.id, previewId, session.accessToken)).board!;
    expect((await again.next("snapshot")).type).toBe("snapshot");
  }, 30_000);

  it("signing out closes that sign-in's sockets and no other device's", async () => {
    const { person, session, previewId, board } = await personOnBoard();
    const laptop = await signIn(person.email, person.password);
    const other = (await connectBoard(setup.org.id, previewId, laptop.accessToken)).board!;
    await other.next("snapshot");
    await call("/api/auth/sign-out", { method: "POST", cookie: session.cookie });
    expect((await board.next("closed")).reason).toBe("access_ended");
    // The laptop's board still works: a drop is answered.
    other.send("still-here", {
      type: "remove_episode",
      rowId: "no-such-row",
      episodeId: "no-such-episode",
    });
    expect((await other.next("rejected")).intentId).toBe("still-here");
    expect(other.received.some((m) => m.type === "closed")).toBe(false);
  }, 30_000);

  it("a refresh token that comes back ends that sign-in, and its sockets close", async () => {
    const { person, session, board } = await personOnBoard();
    const rotated = await call("/api/auth/refresh", { method: "POST", cookie: session.cookie });
    expect(rotated.status).toBe(200);
    // Move the rotation out of the concurrent-tab grace window, then replay the old token.
    await db()
      .update(schema.sessions)
      .set({ rotatedAt: new Date(Date.now() - 60_000) })
      .where(and(eq(schema.sessions.userId, person.user.id), isNotNull(schema.sessions.rotatedAt)));
    const replay = await call("/api/auth/refresh", { method: "POST", cookie: session.cookie });
    expect(replay.status).toBe(401);
    expect((await board.next("closed")).reason).toBe("access_ended");
  }, 30_000);

  it("changing the password closes the other devices' sockets and keeps this one", async () => {
    const { person, session, previewId, board } = await personOnBoard();
    const phone = await signIn(person.email, person.password);
    const onPhone = (await connectBoard(setup.org.id, previewId, phone.accessToken)).board!;
    await onPhone.next("snapshot");
    const changed = await call("/api/auth/password", {
      body: { currentPassword: person.password, newPassword: "a brand new passphrase" },
      token: session.accessToken,
    });
    expect(changed.status).toBe(200);
    expect((await onPhone.next("closed")).reason).toBe("access_ended");
    board.send("mine", {
      type: "remove_episode",
      rowId: "no-such-row",
      episodeId: "no-such-episode",
    });
    expect((await board.next("rejected")).intentId).toBe("mine");
  }, 30_000);

  it("an administrator's reset closes every socket of the person", async () => {
    const { person, board } = await personOnBoard();
    const reset = await call(`/api/orgs/${setup.org.id}/members/${person.user.id}/reset-password`, {
      method: "POST",
      token: admin(),
    });
    expect(reset.status).toBe(200);
    expect((await board.next("closed")).reason).toBe("access_ended");
  }, 30_000);

  it("each intent re-checks membership: a membership gone behind the room's back ends the socket", async () => {
    const { person, board } = await personOnBoard();
    // Removed without going through the route (as a cascade or another path would).
    await db()
      .delete(schema.userOrganizations)
      .where(eq(schema.userOrganizations.userId, person.user.id));
    board.send("too-late", {
      type: "remove_episode",
      rowId: "no-such-row",
      episodeId: "no-such-episode",
    });
    expect((await board.next("closed")).reason).toBe("access_ended");
    expect(board.received.some((m) => m.type === "rejected" || m.type === "update")).toBe(false);
  }, 30_000);

  it("each intent re-checks the sign-in: a revoked session ends the socket", async () => {
    const { person, board } = await personOnBoard();
    await db()
      .update(schema.sessions)
      .set({ revokedAt: new Date() })
      .where(eq(schema.sessions.userId, person.user.id));
    board.send("revoked", {
      type: "remove_episode",
      rowId: "no-such-row",
      episodeId: "no-such-episode",
    });
    expect((await board.next("closed")).reason).toBe("access_ended");
  }, 30_000);
});
