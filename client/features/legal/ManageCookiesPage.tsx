import { useState } from "react";
import { Button } from "../../components/form";
import { useTheme } from "../../lib/theme/ThemeProvider";
import { THEME_STORAGE_KEY } from "../../lib/theme/theme";
import { toast } from "../../lib/toast";
import { LegalLayout } from "./LegalLayout";

// Everything the app keeps in the browser, kept in step with worker/features/auth/cookies.ts,
// worker/features/google/routes.ts and client/lib/theme/theme.ts.
const stored = [
  {
    name: "crosscast_refresh",
    kind: "Cookie: HttpOnly, Secure (over HTTPS), SameSite=Strict, sent only to /api/auth",
    purpose:
      "Keeps you signed in. Strictly necessary; page scripts cannot read it. It is replaced at every refresh and ends when you sign out or after 30 days without use.",
  },
  {
    name: "crosscast_google_oauth",
    kind: "Cookie: HttpOnly, Secure (over HTTPS), SameSite=Lax, sent only to /api/google/callback",
    purpose:
      "Set only while an organisation administrator connects a Google account: it holds the encrypted state of that sign-in and is deleted when Google sends you back, or after 10 minutes. Strictly necessary for that step.",
  },
  {
    name: THEME_STORAGE_KEY,
    kind: "Local storage",
    purpose:
      "Remembers your theme choice: light, dark or system. Stays on this device until you clear it.",
  },
];

export default function ManageCookiesPage() {
  const { clearPreference } = useTheme();
  const [cleared, setCleared] = useState(false);

  const clearTheme = () => {
    clearPreference();
    setCleared(true);
    toast.success("Theme preference cleared");
  };

  return (
    <LegalLayout title="Manage cookies" updated="22 November 2026">
      <p>
        Crosscast stores only what it needs to work. There are no analytics, advertising or
        third-party tracking cookies.
      </p>
      {/* Below 640 px each row is a block (name, type, then purpose at full width), still a
          table with its headers for screen readers: as three columns, the purpose was squeezed
          to a word a line and cut off at the screen's edge. */}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 max-sm:sr-only dark:border-slate-700">
            <tr>
              <th className="py-2 pr-4">Name</th>
              <th className="py-2 pr-4">Type</th>
              <th className="py-2">Purpose</th>
            </tr>
          </thead>
          <tbody>
            {stored.map((item) => (
              <tr
                key={item.name}
                className="border-b border-slate-100 align-top max-sm:grid max-sm:gap-1 max-sm:py-3 dark:border-slate-800"
              >
                <td className="py-2 pr-4 font-mono text-xs max-sm:p-0 max-sm:font-semibold">
                  {item.name}
                </td>
                <td className="py-2 pr-4 max-sm:p-0 max-sm:text-xs max-sm:text-slate-600 max-sm:dark:text-slate-300">
                  {item.kind}
                </td>
                <td className="py-2 max-sm:p-0">{item.purpose}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        The cookies are strictly necessary and cannot be turned off while you use the service;
        signing out removes the sign-in cookie. You can clear the theme preference here (the app
        then follows your system setting):
      </p>
      <Button variant="secondary" onClick={clearTheme} disabled={cleared}>
        {cleared ? "Theme preference cleared" : "Clear theme preference"}
      </Button>
    </LegalLayout>
  );
}
