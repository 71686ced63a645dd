import { usePageTitle } from "../../lib/page-title";
import { ChangePasswordCard } from "./ChangePasswordCard";
import { ProfileCard } from "./ProfileCard";

export default function AccountSettingsPage() {
  usePageTitle("Account Settings");
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold">Account Settings</h1>
      <ProfileCard />
      <ChangePasswordCard />
    </div>
  );
}
