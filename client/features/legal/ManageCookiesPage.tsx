import { useState } from "react";
import { toast } from "sonner";
import { Button } from "../../components/form";
import { useTheme } from "../../lib/theme/ThemeProvider";
import { THEME_STORAGE_KEY } from "../../lib/theme/theme";
import { LegalLayout } from "./LegalLayout";

const stored = [
  {
    name: "crosscast_refresh",
    kind: "Cookie (HttpOnly, Secure, SameSite=Strict, path /api/auth)",
    purpose: "Keeps you signed in. Strictly necessary; scripts cannot read it. Ends when you sign out or the session expires (30 days).",
  },
  {
    name: THEME_STORAGE_KEY,
    kind: "Local storage",
    purpose: "Remembers your theme choice: light, dark or system. Stays on this device until you clear it.",
  },
];

export default function ManageCookiesPage() {
  const { setPreference } = useTheme();
  const [cleared, setCleared] = useState(false);

  const clearTheme = () => {
    localStorage.removeItem(THEME_STORAGE_KEY);
    setPreference("system");
    localStorage.removeItem(THEME_STORAGE_KEY);
    setCleared(true);
    toast.success("Theme preference cleared");
  };

  return (
    <LegalLayout title="Manage cookies" updated="22 November 2026">
      <p>Crosscast stores only what it needs to work. There are no analytics, advertising or third-party tracking cookies.</p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 dark:border-slate-700">
            <tr>
              <th className="py-2 pr-4">Name</th>
              <th className="py-2 pr-4">Type</th>
              <th className="py-2">Purpose</th>
            </tr>
          </thead>
          <tbody>
            {stored.map((item) => (
              <tr key={item.name} className="border-b border-slate-100 align-top dark:border-slate-800">
                <td className="py-2 pr-4 font-mono text-xs">{item.name}</td>
                <td className="py-2 pr-4">{item.kind}</td>
                <td className="py-2">{item.purpose}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>The sign-in cookie is strictly necessary and cannot be turned off without signing out. You can clear the theme preference here:</p>
      <Button variant="secondary" onClick={clearTheme} disabled={cleared}>
        {cleared ? "Theme preference cleared" : "Clear theme preference"}
      </Button>
    </LegalLayout>
  );
}
