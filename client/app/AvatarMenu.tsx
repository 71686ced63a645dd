import { Building2, Check, LogOut, Monitor, Moon, Settings, Sun } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useNavigate } from "react-router";
import type { MenuStart } from "../components/DeferredMenu";
import { MENU_LAYER } from "../components/layers";
import { useAuth } from "../lib/auth/AuthProvider";
import { useTheme } from "../lib/theme/ThemeProvider";
import { type ThemePreference, themePreferences } from "../lib/theme/theme";
import { toast } from "../lib/toast";
import { Avatar, avatarButtonClass } from "./Avatar";

const themeLabels: Record<ThemePreference, { label: string; Icon: typeof Sun }> = {
  light: { label: "Light", Icon: Sun },
  dark: { label: "Dark", Icon: Moon },
  system: { label: "System", Icon: Monitor },
};

/** The Theme submenu's width (tailwind w-40), which its phone placement counts on. */
const SUBMENU_WIDTH = 160;

const itemClass =
  "flex cursor-pointer select-none items-center gap-2 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800";

/**
 * The account menu (radix DropdownMenu). Loaded on first intent by AccountMenu, so the header's
 * first paint does not carry the menu, popper and floating-ui code.
 */
export default function AvatarMenu({ defaultOpen, autoFocus }: MenuStart) {
  const { user, isAdmin, signOut, organization, memberships, switchOrganization } = useAuth();
  const { preference, setPreference } = useTheme();
  const navigate = useNavigate();
  if (!user) return null;
  // Read as the menu opens (it mounts then); a phone turned while its menu is open keeps the first.
  const overMenu = window.innerWidth < 640;

  const logout = async () => {
    try {
      await signOut();
      toast.success("Signed out successfully");
    } catch {
      toast.error("Failed to sign out");
    }
    navigate("/");
  };

  const switchTo = async (organizationId: string) => {
    if (organizationId === organization?.id) return;
    try {
      await switchOrganization(organizationId);
      const name = memberships.find((m) => m.organizationId === organizationId)?.name;
      toast.success(`Switched to ${name ?? "the organization"}`);
      navigate("/dashboard");
    } catch {
      toast.error("Failed to switch organization");
    }
  };

  return (
    // Not modal: a menu does not hide the page from screen readers (WAI-ARIA menu button).
    <DropdownMenu.Root defaultOpen={defaultOpen} modal={false}>
      {/* autoFocus keeps the keyboard user's place when this replaces the placeholder button. */}
      <DropdownMenu.Trigger
        aria-label="Account menu"
        autoFocus={autoFocus}
        className={avatarButtonClass}
      >
        {/* Keyed by URL: a new picture gets a fresh try even after the old one failed to load. */}
        <Avatar key={user.avatarUrl ?? "none"} url={user.avatarUrl} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          // On a phone the menu stays inside the screen, 8 px from its edges.
          collisionPadding={8}
          className={`${MENU_LAYER} min-w-56 max-w-[calc(100vw-16px)] rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900`}
        >
          <DropdownMenu.Label className="truncate px-2 py-1.5 text-xs text-slate-500 dark:text-slate-400">
            {user.email}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          {memberships.length > 1 && (
            <>
              <DropdownMenu.Label className="px-2 pt-1 text-xs font-medium text-slate-500 dark:text-slate-400">
                Organizations
              </DropdownMenu.Label>
              <DropdownMenu.RadioGroup
                value={organization?.id ?? ""}
                onValueChange={(id) => void switchTo(id)}
              >
                {memberships.map((m) => (
                  <DropdownMenu.RadioItem
                    key={m.organizationId}
                    value={m.organizationId}
                    className={itemClass}
                  >
                    <Building2 className="h-4 w-4 shrink-0" aria-hidden />
                    <span className="truncate">{m.name}</span>
                    <DropdownMenu.ItemIndicator className="ml-auto">
                      <Check className="h-4 w-4" aria-hidden />
                    </DropdownMenu.ItemIndicator>
                  </DropdownMenu.RadioItem>
                ))}
              </DropdownMenu.RadioGroup>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
            </>
          )}
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate("/account-settings")}>
            <Settings className="h-4 w-4" aria-hidden /> Account Settings
          </DropdownMenu.Item>
          {isAdmin && (
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() => navigate("/organization-settings")}
            >
              <Building2 className="h-4 w-4" aria-hidden /> Organization Settings
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Sub>
            <DropdownMenu.SubTrigger className={itemClass}>
              <Sun className="h-4 w-4" aria-hidden /> Theme
            </DropdownMenu.SubTrigger>
            <DropdownMenu.Portal>
              <DropdownMenu.SubContent
                // On a phone neither side of the menu has room for the submenu: floating-ui
                // flips it to the left but does not slide it along that side, so it ran off the
                // screen's edge ("Light" read "t"). There it opens over the menu's right part,
                // below the Theme row, which stays readable.
                sideOffset={overMenu ? -(SUBMENU_WIDTH + 8) : 4}
                alignOffset={overMenu ? 32 : 0}
                collisionPadding={8}
                className={`${MENU_LAYER} w-40 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900`}
              >
                <DropdownMenu.RadioGroup
                  value={preference}
                  onValueChange={(v) => setPreference(v as ThemePreference)}
                >
                  {themePreferences.map((pref) => {
                    const { label, Icon } = themeLabels[pref];
                    return (
                      <DropdownMenu.RadioItem key={pref} value={pref} className={itemClass}>
                        <Icon className="h-4 w-4" aria-hidden /> {label}
                        <DropdownMenu.ItemIndicator className="ml-auto">
                          <Check className="h-4 w-4" aria-hidden />
                        </DropdownMenu.ItemIndicator>
                      </DropdownMenu.RadioItem>
                    );
                  })}
                </DropdownMenu.RadioGroup>
              </DropdownMenu.SubContent>
            </DropdownMenu.Portal>
          </DropdownMenu.Sub>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void logout()}>
            <LogOut className="h-4 w-4" aria-hidden /> Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
