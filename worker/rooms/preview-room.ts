import { DurableObject } from "cloudflare:workers";

/**
 * One room per multi-channel preview (keyed `${orgId}:${previewId}`), the single authority over
 * its drag-and-drop arrangement. The collaborative protocol lands with the multi-channel issue;
 * this class is declared now because Durable Object migrations are permanent history
 * (SQLite-backed from migration v1).
 */
export class PreviewRoom extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Answer keep-alive pings without waking a hibernated room.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('{"type":"ping"}', '{"type":"pong"}'));
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") {
      return Response.json({ connections: this.ctx.getWebSockets().length });
    }
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1]);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }
}
