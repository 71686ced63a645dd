// Starts restoring the session (POST /api/auth/refresh?include=me) while the app's code is still
// downloading, instead of after it has loaded and rendered once: on a page load the dashboard's
// reads wait for this answer (issue 15). client/lib/auth/session.ts reads the answer exactly as
// it reads its own calls (same errors, same schema), once; without this script it asks itself.
// Not sent for an emailed link (#access_token=...&type=invite|recovery, as hash-link.ts reads
// it): that page signs in with the link instead. The refresh token stays in its HttpOnly cookie.
(() => {
  try {
    const link = new URLSearchParams(location.hash.replace(/^#/, ""));
    if (link.get("access_token") && ["invite", "recovery"].includes(link.get("type"))) return;
    const sent = fetch("/api/auth/refresh?include=me", {
      method: "POST",
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    });
    // The app reads a failure when it arrives; until then it is not an unhandled rejection.
    sent.catch(() => undefined);
    window.crosscastSessionRestore = sent;
  } catch (_e) {
    /* no fetch: the app restores the session itself */
  }
})();
