import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import {
  applyTheme,
  clearThemePreference,
  onSystemThemeChange,
  readThemePreference,
  THEME_STORAGE_KEY,
  type ThemePreference,
  writeThemePreference,
} from "./theme";

type ThemeContextValue = {
  preference: ThemePreference;
  setPreference: (pref: ThemePreference) => void;
  /** Removes the stored choice entirely (not the same as storing "system"). */
  clearPreference: () => void;
};
const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreferenceState] = useState<ThemePreference>(() => readThemePreference());

  useEffect(() => {
    applyTheme(preference);
    // "System" follows the OS live, not just at load.
    if (preference !== "system") return undefined;
    return onSystemThemeChange(() => applyTheme("system"));
  }, [preference]);

  // A choice made in another tab applies here too (the storage event fires only in other tabs).
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY || event.key === null)
        setPreferenceState(readThemePreference());
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const setPreference = useCallback((pref: ThemePreference) => {
    writeThemePreference(pref);
    setPreferenceState(pref);
  }, []);

  const clearPreference = useCallback(() => {
    clearThemePreference();
    setPreferenceState("system");
  }, []);

  const value = useMemo(
    () => ({ preference, setPreference, clearPreference }),
    [preference, setPreference, clearPreference],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error("useTheme must be used inside ThemeProvider");
  return value;
}
