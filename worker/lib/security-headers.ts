import { SECURITY_HEADERS } from "../../shared/security-headers";

/**
 * The answer with the headers every response carries (shared/security-headers.ts), plus: API and
 * development answers are never stored unless the route says otherwise (they are per user;
 * /dev/mailbox shows temporary passwords), and HSTS over HTTPS. Not for a WebSocket upgrade
 * (101): copying that response would drop the socket.
 */
export function withSecurityHeaders(response: Response, url: URL): Response {
  // Responses passed through from ASSETS or fetch() have immutable headers: copy first.
  const secured = new Response(response.body, response);
  const h = secured.headers;
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) h.set(name, value);
  // Images set their own caching, so only a missing Cache-Control is filled in.
  if (
    (url.pathname.startsWith("/api/") || url.pathname.startsWith("/dev/")) &&
    !h.has("Cache-Control")
  )
    h.set("Cache-Control", "no-store");
  if (url.protocol === "https:")
    h.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  return secured;
}
