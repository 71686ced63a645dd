import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { applyTheme, onSystemThemeChange, readThemePreference, writeThemePreference, type ThemePreference } from "./theme";

type ThemeContextValue = { preference: ThemePreference; setPreference: (pref: ThemePreference) => void };
const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreferenceState] = useState<ThemePreference>(() => readThemePreference());

  useEffect(() => {
    applyTheme(preference);
    // "System" follows the OS live, not just at load.
    if (preference !== "system") return undefined;
    return onSystemThemeChange(() => applyTheme("system"));
  }, [preference]);

  const setPreference = useCallback((pref: ThemePreference) => {
    writeThemePreference(pref);
    setPreferenceState(pref);
  }, []);

  const value = useMemo(() => ({ preference, setPreference }), [preference, setPreference]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error("useTheme must be used inside ThemeProvider");
  return value;
}
