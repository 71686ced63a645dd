import { DurableObject } from "cloudflare:workers";
import { applyIntent, type PairingContext } from "../../shared/arrangement-rules";
import type { Arrangement, ArrangementRow } from "../../shared/schemas/arrangement";
import type {
  BoardContent,
  BoardEpisode,
  BoardVideo,
  PresenceUser,
  RoomServerMessage,
} from "../../shared/schemas/multichannel";
import { roomClientMessageSchema } from "../../shared/schemas/room-intents";
import { randomToken, sha256Hex } from "../lib/crypto/encoding";
import { type AccessEnd, accessStillLive, matchesAccessEnd, type SocketAccess } from "./access";
import { chunkText, decodeArrangement, type RoomSeed, SEED_ROWS } from "./room-seed";

/*
 * One room per multi-channel preview (keyed `${orgId}:${previewId}`), the single authority over
 * its drag-and-drop arrangement (ARCHITECTURE.md section 11).
 *
 * - The Worker seeds it (RPC `seed`) with the board's content and starting arrangement, after
 *   checking the caller's organisation; it issues short-lived single-use tickets (RPC
 *   `issueTicket`) to users it has authenticated; a browser connects with one (WebSocket).
 * - Every message is validated (zod) and applied with the pure row rules of
 *   shared/arrangement-rules.ts, one at a time (a Durable Object handles one event at a time),
 *   so two people dropping on one row resolve in arrival order, the same way for everyone.
 * - Each change bumps the version, is written to the room's SQLite storage (only the rows that
 *   changed) before it is broadcast, and is sent to every connection as the changed rows.
 * - Hibernation: sockets are accepted with the hibernation API and carry their presence as an
 *   attachment, so an idle room is evicted from memory and wakes with its state from storage.
 */

/** What each socket carries through hibernation: its presence and whose access it rides on. */
type Attachment = PresenceUser & SocketAccess;
type Loaded = {
  arrangement: Arrangement;
  version: number;
  readOnly: boolean;
  content: BoardContent;
  pairing: PairingContext;
};

/** How long a ticket from the Worker may wait before it is used. */
export const TICKET_TTL_MS = 60_000;
export class PreviewRoom extends DurableObject<Env> {
  private loaded: Loaded | null = null;
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    // Answer keep-alive pings without waking a hibernated room.
    ctx.setWebSocketAutoResponse(
      new WebSocketRequestResponsePair('{"type":"ping"}', '{"type":"pong"}'),
    );
    ctx.blockConcurrencyWhile(async () => {
      this.sql.exec(`CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
      // The board's content is read whole and never changes after seeding, so it is kept as JSON
      // arrays of up to SEED_ROWS items: 8 rows for 2,000 x 2,000 instead of 4,000. (Seeds since
      // 2026-11-24 store the UTF-8 bytes as a BLOB; older rooms hold TEXT. Both read the same.)
      this.sql.exec(
        `CREATE TABLE IF NOT EXISTS content_chunks (kind TEXT NOT NULL, chunk INTEGER NOT NULL, json TEXT NOT NULL, PRIMARY KEY (kind, chunk)) WITHOUT ROWID`,
      );
      this.sql.exec(
        `CREATE TABLE IF NOT EXISTS rows (id TEXT PRIMARY KEY, position INTEGER NOT NULL, json TEXT NOT NULL)`,
      );
      // Tickets name the organisation and sign-in (session family) they were issued under, so
      // the socket can be closed when either ends. (The older ticket table had neither.)
      this.sql.exec("DROP TABLE IF EXISTS tickets");
      this.sql.exec(
        `CREATE TABLE IF NOT EXISTS socket_tickets (hash TEXT PRIMARY KEY, user_id TEXT NOT NULL, name TEXT NOT NULL, organization_id TEXT NOT NULL, family_id TEXT NOT NULL, expires_at INTEGER NOT NULL)`,
      );
    });
  }

  // ---- RPC from the Worker (which has checked the caller's organisation) ----

  /**
   * Nothing: calling it wakes the object (its storage and tables) so a new preview's room is
   * ready by the time its content is, instead of being created inside seed.
   */
  async ready(): Promise<void> {}

  /** Replaces the room's content and arrangement (a new preview, or a reopened one). */
  async seed(seed: RoomSeed): Promise<{ version: number }> {
    const { chunks } = decodeArrangement(seed);
    const version = this.readVersion() + 1;
    this.ctx.storage.transactionSync(() => {
      this.sql.exec("DELETE FROM content_chunks");
      this.sql.exec("DROP TABLE IF EXISTS items");
      this.sql.exec("DELETE FROM rows");
      // The content's JSON is kept as the bytes it came in (read back whole by content()).
      for (const [kind, list] of [
        ["video", seed.videos],
        ["episode", seed.episodes],
      ] as const)
        for (const [chunk, json] of list.entries())
          this.sql.exec(
            "INSERT INTO content_chunks (kind, chunk, json) VALUES (?, ?, ?)",
            kind,
            chunk,
            json,
          );
      // Rows change one by one as people drag, so they stay a row each; one statement unpacks a
      // chunk's JSON array (its index after the chunk's first position is the row's position).
      for (const { text, first } of chunks)
        this.sql.exec(
          "INSERT INTO rows (id, position, json) SELECT json_extract(value, '$.id'), ? + key, value FROM json_each(?)",
          first,
          text,
        );
      this.writeMeta({
        pool: JSON.stringify(seed.availableEpisodeIds),
        version: String(version),
        readOnly: seed.readOnly ? "1" : "0",
        timeZone: seed.timeZone,
      });
    });
    this.loaded = null;
    this.broadcastSnapshots();
    return { version };
  }

  /** Everything a board needs: content, arrangement, version. Null before the room is seeded. */
  async snapshot(): Promise<{
    content: BoardContent;
    arrangement: Arrangement;
    version: number;
    readOnly: boolean;
  } | null> {
    const state = this.load();
    if (!state) return null;
    return {
      content: state.content,
      arrangement: state.arrangement,
      version: state.version,
      readOnly: state.readOnly,
    };
  }

  /** A completed preview is read-only until reopened; everyone connected sees the switch. */
  async setReadOnly(readOnly: boolean): Promise<void> {
    if (!this.load()) return;
    this.writeMeta({ readOnly: readOnly ? "1" : "0" });
    this.loaded = null;
    this.broadcastSnapshots();
  }

  /** A single-use ticket for one WebSocket connection (the browser cannot send headers). */
  async issueTicket(userId: string, name: string, access: SocketAccess): Promise<string> {
    const ticket = randomToken();
    const now = Date.now();
    this.sql.exec("DELETE FROM socket_tickets WHERE expires_at < ?", now);
    this.sql.exec(
      "INSERT INTO socket_tickets (hash, user_id, name, organization_id, family_id, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
      await sha256Hex(ticket),
      userId,
      name,
      access.organizationId,
      access.familyId,
      now + TICKET_TTL_MS,
    );
    return ticket;
  }

  /**
   * Someone's access ended or changed (removed, role changed, signed out, password changed or
   * reset): their sockets here are closed at once, with unused tickets. Answers how many closed.
   */
  async endAccess(end: AccessEnd): Promise<number> {
    this.sql.exec("DELETE FROM socket_tickets WHERE user_id = ?", end.userId);
    let closed = 0;
    for (const ws of this.ctx.getWebSockets()) {
      const holder = ws.deserializeAttachment() as Attachment | null;
      if (!holder || !matchesAccessEnd(holder, end)) continue;
      this.closeWith(ws, end.reason);
      closed++;
    }
    if (closed) this.broadcast({ type: "presence", presence: this.presence() });
    return closed;
  }

  /** The preview was deleted: close every connection and forget everything. */
  async destroy(): Promise<void> {
    for (const ws of this.ctx.getWebSockets()) this.closeWith(ws, "deleted");
    await this.ctx.storage.deleteAll();
    this.loaded = null;
  }

  // ---- WebSocket ----

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket")
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    const ticket = new URL(request.url).searchParams.get("ticket") ?? "";
    const hash = await sha256Hex(ticket);
    // Single use: the row is deleted as it is read.
    const holder = this.sql
      .exec<{ user_id: string; name: string; organization_id: string; family_id: string }>(
        "DELETE FROM socket_tickets WHERE hash = ? AND expires_at >= ? RETURNING user_id, name, organization_id, family_id",
        hash,
        Date.now(),
      )
      .toArray()[0];
    if (!holder || !this.load()) return new Response("Not found", { status: 404 });
    const pair = new WebSocketPair();
    const user: Attachment = {
      connectionId: crypto.randomUUID(),
      userId: holder.user_id,
      name: holder.name,
      organizationId: holder.organization_id,
      familyId: holder.family_id,
    };
    this.ctx.acceptWebSocket(pair[1]);
    pair[1].serializeAttachment(user);
    this.sendSnapshot(pair[1], user.connectionId);
    this.broadcast({ type: "presence", presence: this.presence() });
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const user = ws.deserializeAttachment() as Attachment;
    let raw: unknown;
    try {
      raw = JSON.parse(typeof message === "string" ? message : new TextDecoder().decode(message));
    } catch {
      raw = null;
    }
    const parsed = roomClientMessageSchema.safeParse(raw);
    const state = this.load();
    if (!state) return this.closeWith(ws, "deleted");
    // The backstop behind endAccess: every intent re-checks, in one indexed query, that the
    // sender is still a member and still signed in (accounts: the primary database, env.DB).
    if (!(await accessStillLive(this.env.DB, user))) return this.closeWith(ws, "access_ended");
    const intentId = parsed.success ? parsed.data.intentId : intentIdOf(raw);
    if (!parsed.success)
      return this.send(ws, {
        type: "rejected",
        intentId,
        reason: "invalid_intent",
        version: state.version,
      });
    if (state.readOnly)
      return this.send(ws, {
        type: "rejected",
        intentId,
        reason: "read_only",
        version: state.version,
      });

    const result = applyIntent(state.arrangement, parsed.data.intent, state.pairing);
    if (!result.ok)
      return this.send(ws, {
        type: "rejected",
        intentId,
        reason: result.reason,
        version: state.version,
      });

    const before = new Map(state.arrangement.rows.map((r) => [r.id, r]));
    const changedRows = result.arrangement.rows.filter((r) => before.get(r.id) !== r);
    const poolChanged = !samePool(
      state.arrangement.availableEpisodeIds,
      result.arrangement.availableEpisodeIds,
    );
    const version = state.version + 1;
    this.persist(changedRows, result.arrangement, poolChanged, version);
    this.loaded = { ...state, arrangement: result.arrangement, version };
    this.broadcast({
      type: "update",
      version,
      rows: changedRows,
      availableEpisodeIds: poolChanged ? result.arrangement.availableEpisodeIds : null,
      intentId,
      by: user.name,
    });
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    // Finish the closing handshake, then tell the others who is left.
    try {
      ws.close(code === 1005 ? 1000 : code, "bye");
    } catch {
      // already closed
    }
    this.broadcast({ type: "presence", presence: this.presence(ws) });
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.broadcast({ type: "presence", presence: this.presence(ws) });
  }

  // ---- storage ----

  private readVersion(): number {
    const row = this.sql
      .exec<{ value: string }>("SELECT value FROM meta WHERE key = 'version'")
      .toArray()[0];
    return row ? Number(row.value) : 0;
  }

  private writeMeta(values: Record<string, string>) {
    for (const [key, value] of Object.entries(values))
      this.sql.exec(
        "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        key,
        value,
      );
  }

  private load(): Loaded | null {
    if (this.loaded) return this.loaded;
    const meta = new Map(
      this.sql
        .exec<{ key: string; value: string }>("SELECT key, value FROM meta")
        .toArray()
        .map((m) => [m.key, m.value]),
    );
    if (!meta.has("version")) return null;
    const rows = this.sql
      .exec<{ json: string }>("SELECT json FROM rows ORDER BY position")
      .toArray()
      .map((r) => JSON.parse(r.json) as ArrangementRow);
    const arrangement: Arrangement = {
      rows,
      availableEpisodeIds: JSON.parse(meta.get("pool") ?? "[]") as string[],
    };
    this.moveItemsIntoChunks();
    const content = this.content(meta.get("timeZone") ?? "UTC");
    const { videos, episodes, timeZone } = content;
    this.loaded = {
      arrangement,
      version: Number(meta.get("version")),
      readOnly: meta.get("readOnly") === "1",
      content,
      pairing: {
        videos: new Map(
          videos.map((v) => [v.id, { id: v.id, title: v.title, publishDate: v.publishDate }]),
        ),
        episodes: new Map(
          episodes.map((e) => [e.id, { id: e.id, title: e.title, publishDate: e.publishDate }]),
        ),
        timeZone,
      },
    };
    return this.loaded;
  }

  private content(timeZone: string): BoardContent {
    const content: BoardContent = { videos: [], episodes: [], timeZone };
    for (const chunk of this.sql.exec<{ kind: string; json: string | ArrayBuffer }>(
      "SELECT kind, json FROM content_chunks ORDER BY kind, chunk",
    )) {
      const items: unknown = JSON.parse(chunkText(chunk.json));
      if (chunk.kind === "video") content.videos.push(...(items as BoardVideo[]));
      else content.episodes.push(...(items as BoardEpisode[]));
    }
    return content;
  }

  /**
   * Rooms seeded before content was chunked kept one `items` row per video or episode: their
   * content moves into chunks (in position order) the first time the room loads its state, in
   * one transaction, so an open board keeps its content. (A new seed drops the old table.)
   */
  private moveItemsIntoChunks() {
    const legacy = this.sql
      .exec<{ n: number }>("SELECT count(*) AS n FROM sqlite_master WHERE name = 'items'")
      .one();
    if (legacy.n === 0) return;
    this.ctx.storage.transactionSync(() => {
      this.sql.exec(
        `INSERT OR REPLACE INTO content_chunks (kind, chunk, json)
         SELECT kind, position / ?1, '[' || group_concat(json, ',' ORDER BY position) || ']'
         FROM items GROUP BY kind, position / ?1`,
        SEED_ROWS,
      );
      this.sql.exec("DROP TABLE items");
    });
  }

  /** Writes the changed rows (new ones at the end), the pool if it changed, and the version, atomically. */
  private persist(
    changed: ArrangementRow[],
    arrangement: Arrangement,
    poolChanged: boolean,
    version: number,
  ) {
    const positions = new Map(arrangement.rows.map((r, i) => [r.id, i]));
    this.ctx.storage.transactionSync(() => {
      for (const row of changed) {
        this.sql.exec(
          "INSERT INTO rows (id, position, json) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET position = excluded.position, json = excluded.json",
          row.id,
          positions.get(row.id) ?? 0,
          JSON.stringify(row),
        );
      }
      this.writeMeta({
        version: String(version),
        ...(poolChanged ? { pool: JSON.stringify(arrangement.availableEpisodeIds) } : {}),
      });
    });
  }

  // ---- sending ----

  private presence(leaving?: WebSocket): PresenceUser[] {
    return (
      this.ctx
        .getWebSockets()
        .filter((ws) => ws !== leaving && ws.readyState === WebSocket.OPEN)
        .map((ws) => ws.deserializeAttachment() as Attachment | null)
        .filter((a): a is Attachment => a !== null)
        // Presence shows who is here, never which sign-in they came through.
        .map(({ connectionId, userId, name }) => ({ connectionId, userId, name }))
    );
  }

  private send(ws: WebSocket, message: RoomServerMessage) {
    try {
      ws.send(JSON.stringify(message));
    } catch {
      // The socket closed under us; its close event updates presence.
    }
  }

  private broadcast(message: RoomServerMessage) {
    const text = JSON.stringify(message);
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(text);
      } catch {
        // closing
      }
    }
  }

  private sendSnapshot(ws: WebSocket, you: string) {
    const state = this.load();
    if (!state) return;
    this.send(ws, {
      type: "snapshot",
      version: state.version,
      arrangement: state.arrangement,
      readOnly: state.readOnly,
      you,
      presence: this.presence(),
    });
  }

  private broadcastSnapshots() {
    for (const ws of this.ctx.getWebSockets()) {
      const user = ws.deserializeAttachment() as Attachment | null;
      if (user) this.sendSnapshot(ws, user.connectionId);
    }
  }

  private closeWith(ws: WebSocket, reason: string) {
    this.send(ws, { type: "closed", reason });
    try {
      ws.close(1000, reason);
    } catch {
      // already closed
    }
  }
}

/** The id an invalid message gave itself, if any, so its sender can match the rejection. */
function intentIdOf(raw: unknown): string {
  const id =
    typeof raw === "object" && raw !== null && "intentId" in raw ? raw.intentId : undefined;
  return typeof id === "string" ? id.slice(0, 64) : "";
}

const samePool = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);
