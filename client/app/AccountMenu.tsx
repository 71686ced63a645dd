import { lazy } from "react";
import { DeferredMenu } from "../components/DeferredMenu";
import { useAuth } from "../lib/auth/AuthProvider";
import { Avatar, avatarButtonClass } from "./Avatar";

const loadMenu = () => import("./AvatarMenu");
const AvatarMenu = lazy(loadMenu);

/** The header's account button; the menu itself loads on first use (see DeferredMenu). */
export function AccountMenu() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <DeferredMenu
      menu={AvatarMenu}
      preload={loadMenu}
      menuProps={{}}
      label="Account menu"
      className={avatarButtonClass}
    >
      <Avatar key={user.avatarUrl ?? "none"} url={user.avatarUrl} />
    </DeferredMenu>
  );
}
