/**
 * Emailed links look like `/#access_token=<one-time token>&type=invite|recovery` (spec section 2).
 * Before the router starts, the token is taken out of the URL (so it never stays in history or
 * reaches another page) and the address becomes the page that finishes the flow.
 */
export type PendingLink = { token: string; type: "invite" | "recovery" };

/** The emailed link a URL hash carries, if any. */
function linkIn(hash: string): PendingLink | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const token = params.get("access_token");
  const type = params.get("type");
  if (!token || (type !== "invite" && type !== "recovery")) return null;
  return { token, type };
}

export function takeHashLink(
  location: Location = window.location,
  history: History = window.history,
): PendingLink | null {
  const link = linkIn(location.hash);
  if (!link) return null;
  history.replaceState(null, "", link.type === "invite" ? "/auth/welcome" : "/auth/reset-password");
  return link;
}

/**
 * A link pasted into a tab that already shows the app at `/` (the sign-in screen after a
 * sign-out, say) changes only the address's hash: the page is not loaded again, so the entry
 * never took the link and the tab stayed on the sign-in screen. Loading the page again lets the
 * entry take it as it takes any emailed link.
 */
export function followPastedLinks(target: Window = window) {
  target.addEventListener("hashchange", () => {
    if (linkIn(target.location.hash)) target.location.reload();
  });
}
