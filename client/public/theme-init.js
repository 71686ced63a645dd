// Runs before first paint so a dark-theme user never sees a white flash.
// Keep in sync with client/lib/theme/theme.ts (same storage key and rules).
(() => {
  try {
    const pref = localStorage.getItem("crosscast-theme");
    const dark =
      pref === "dark" ||
      ((pref === null || pref === "system") &&
        window.matchMedia("(prefers-color-scheme: dark)").matches);
    document.documentElement.classList.toggle("dark", dark);
  } catch (_e) {
    /* storage unavailable: stay light */
  }
})();
