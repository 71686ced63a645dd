/*
 * CSP: scripts only from our origin (no inline scripts; the brand travels as a JSON data block,
 * which the browser never executes). Inline style attributes are allowed because the UI
 * primitives position popovers with them. WebSockets go to our own origin only.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * The headers every answer carries, whoever answers it: the Worker's middleware sets them, and
 * the build writes them into `_headers` for the files the asset server answers on its own
 * (wrangler.toml's run_worker_first leaves /assets/* to it).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": CSP,
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/** The `_headers` file (Cloudflare's static-asset header rules) for the asset server's paths. */
export function staticAssetHeadersFile(paths: readonly string[]): string {
  const lines = Object.entries(SECURITY_HEADERS).map(([name, value]) => `  ${name}: ${value}`);
  return `${paths.map((path) => `${path}\n${lines.join("\n")}`).join("\n")}\n`;
}
