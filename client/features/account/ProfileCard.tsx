import { useQueryClient } from "@tanstack/react-query";
import { User } from "lucide-react";
import { type FormEvent, useState } from "react";
import { profileMessages } from "../../../shared/messages";
import { PHONE_NUMBER_MAX } from "../../../shared/text-limits";
import { DEFAULT_TIME_ZONE, supportedTimeZones } from "../../../shared/timezones";
import { Card } from "../../components/Card";
import { Button, Field } from "../../components/form";
import { serverMessage } from "../../lib/api/errors";
import { useAuth } from "../../lib/auth/AuthProvider";
import { orgScope } from "../../lib/query/define-query";
import { toast } from "../../lib/toast";
import { useImageUpload } from "../../lib/use-image-upload";
import { removeAvatar, updateOrgTimezone, updateProfile, uploadAvatar } from "./account-api";

export function ProfileCard() {
  const { user, organization, isAdmin, reload } = useAuth();
  const [phone, setPhone] = useState(user?.phoneNumber ?? "");
  const [timezone, setTimezone] = useState(organization?.timezone ?? DEFAULT_TIME_ZONE);
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const avatar = useImageUpload({
    upload: uploadAvatar,
    after: reload,
    success: profileMessages.avatarUpdated,
    failure: profileMessages.uploadAvatarFailed,
  });
  if (!user) return null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await updateProfile(phone.trim() || null);
      // The select offers only supported zones; the find narrows the DOM's string to one.
      const chosen = supportedTimeZones.find((zone) => zone.id === timezone)?.id;
      const zoneChanged = isAdmin && organization && chosen && chosen !== organization.timezone;
      if (zoneChanged) await updateOrgTimezone(organization.id, chosen);
      await reload();
      // What was read on the old zone's calendar (the overview's days, say) is read again: its
      // cache entries do not name the zone, and the dashboard showed the old days for 30 s.
      if (zoneChanged) void queryClient.invalidateQueries({ queryKey: orgScope(organization.id) });
      toast.success(profileMessages.profileUpdated);
    } catch (error) {
      toast.error(serverMessage(error, profileMessages.updateProfileFailed));
    } finally {
      setSaving(false);
    }
  };

  const onRemove = async () => {
    if (!user.avatarUrl) return void toast.error(profileMessages.noAvatar);
    try {
      await removeAvatar();
      await reload();
      toast.success(profileMessages.avatarRemoved);
    } catch (error) {
      toast.error(serverMessage(error, profileMessages.removeAvatarFailed));
    }
  };

  return (
    <Card title="Profile Information" id="profile-title">
      <div className="mb-6 flex items-center gap-4">
        <div className="flex h-16 w-16 items-center justify-center overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800">
          {user.avatarUrl ? (
            <img src={user.avatarUrl} alt="You" className="h-full w-full object-cover" />
          ) : (
            <User className="h-8 w-8 text-slate-400" aria-hidden />
          )}
        </div>
        <div className="flex gap-2">
          <input
            ref={avatar.input}
            id="avatar-file"
            type="file"
            accept="image/*"
            className="sr-only"
            // Opened by the Upload button: as a tab stop of its own it took the focus out of sight.
            tabIndex={-1}
            onChange={(e) => void avatar.onFile(e.target.files?.[0])}
            aria-label="Profile picture file"
          />
          <Button variant="secondary" onClick={avatar.pick} disabled={avatar.uploading}>
            {avatar.uploading ? "Uploading..." : "Upload picture"}
          </Button>
          <Button
            variant="ghost"
            onClick={() => void onRemove()}
            disabled={!user.avatarUrl || avatar.uploading}
          >
            Remove
          </Button>
        </div>
      </div>
      <form onSubmit={save} className="grid gap-4 sm:grid-cols-2">
        <Field id="profile-email" label="Email" value={user.email} readOnly disabled />
        <Field
          id="profile-phone"
          label="Phone number (optional)"
          type="tel"
          autoComplete="tel"
          maxLength={PHONE_NUMBER_MAX}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
        <div className="space-y-1 sm:col-span-2">
          <label
            htmlFor="profile-timezone"
            className="block text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            Organization time zone
          </label>
          <select
            id="profile-timezone"
            value={timezone}
            disabled={!isAdmin}
            onChange={(e) => setTimezone(e.target.value)}
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900 disabled:opacity-70"
            aria-describedby="timezone-hint"
          >
            {supportedTimeZones.map((z) => (
              <option key={z.id} value={z.id}>
                {z.label} ({z.id})
              </option>
            ))}
          </select>
          <p id="timezone-hint" className="text-xs text-slate-500 dark:text-slate-400">
            {isAdmin
              ? "Applies to everyone in the organization: schedules and dates are shown in it."
              : "Only administrators can change the organization's time zone."}
          </p>
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Save Changes"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
