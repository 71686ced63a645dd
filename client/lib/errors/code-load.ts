const CHUNK_FAILED =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i;

/**
 * A piece of the app's code (a page, a dialog, a menu) that could not be fetched: either a new
 * deployment removed the old chunks, or the connection dropped. The browser keeps a module that
 * failed to load as failed for the rest of the page's life (Chromium: importing it again once back
 * online fails the same way), so a page load is the only cure in both cases.
 */
export const isCodeLoadFailure = (error: unknown) =>
  error instanceof Error && CHUNK_FAILED.test(error.message);

export const isOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;

/**
 * What the toast says when a dialog or menu fails and is closed. Code that failed to load while
 * offline is the connection's fault, not an update's: it said "Crosscast has been updated" over
 * the whole page when Add Channel was clicked with the network down.
 */
export function partFailureMessage(error: unknown, part: "dialog" | "menu"): string {
  if (!isCodeLoadFailure(error))
    return `Something went wrong in this ${part}, so it was closed. Please try again.`;
  return `This ${part} could not be loaded${isOffline() ? ": you seem to be offline. Reconnect, then reload the page." : ". Reload the page to continue."}`;
}
