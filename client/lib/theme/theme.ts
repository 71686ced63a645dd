/** Theme preference, stored in the browser under one fixed key (listed on Manage cookies). */
export const THEME_STORAGE_KEY = "crosscast-theme";
export const themePreferences = ["light", "dark", "system"] as const;
export type ThemePreference = (typeof themePreferences)[number];

const DARK_QUERY = "(prefers-color-scheme: dark)";

export function readThemePreference(storage: Storage = localStorage): ThemePreference {
  try {
    const value = storage.getItem(THEME_STORAGE_KEY);
    return (themePreferences as readonly string[]).includes(value ?? "")
      ? (value as ThemePreference)
      : "system";
  } catch {
    return "system";
  }
}

export function writeThemePreference(pref: ThemePreference, storage: Storage = localStorage) {
  try {
    storage.setItem(THEME_STORAGE_KEY, pref);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}

/** Forgets the stored choice (Manage cookies); the app then follows the system again. */
export function clearThemePreference(storage: Storage = localStorage) {
  try {
    storage.removeItem(THEME_STORAGE_KEY);
  } catch {
    /* nothing stored */
  }
}

export const systemPrefersDark = () => window.matchMedia(DARK_QUERY).matches;

export function applyTheme(pref: ThemePreference) {
  const dark = pref === "dark" || (pref === "system" && systemPrefersDark());
  document.documentElement.classList.toggle("dark", dark);
  document.documentElement.style.colorScheme = dark ? "dark" : "light";
}

/** Calls back whenever the OS switches between light and dark. */
export function onSystemThemeChange(callback: () => void): () => void {
  const media = window.matchMedia(DARK_QUERY);
  media.addEventListener("change", callback);
  return () => media.removeEventListener("change", callback);
}
