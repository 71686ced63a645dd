/**
 * Emailed links look like `/#access_token=<one-time token>&type=invite|recovery` (spec section 2).
 * Before the router starts, the token is taken out of the URL (so it never stays in history or
 * reaches another page) and the address becomes the page that finishes the flow.
 */
export type PendingLink = { token: string; type: "invite" | "recovery" };

export function takeHashLink(
  location: Location = window.location,
  history: History = window.history,
): PendingLink | null {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  const token = params.get("access_token");
  const type = params.get("type");
  if (!token || (type !== "invite" && type !== "recovery")) return null;
  history.replaceState(null, "", type === "invite" ? "/auth/welcome" : "/auth/reset-password");
  return { token, type };
}
