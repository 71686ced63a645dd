import { accountApi } from "../../../shared/api/account";
import { authApi } from "../../../shared/api/auth";
import { organizationApi } from "../../../shared/api/organization";
import type { SupportedTimeZone } from "../../../shared/timezones";
import { call } from "../../lib/api/client";

/** Account Settings' calls: routes of shared/api/account.ts, and auth's for the password. */
export const updateProfile = (phoneNumber: string | null) =>
  call(accountApi.updateProfile, { body: { phoneNumber } });

export const updateOrgTimezone = (orgId: string, timezone: SupportedTimeZone) =>
  call(organizationApi.setTimezone, { params: { orgId }, body: { timezone } });

export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append("file", file);
  return call(accountApi.uploadAvatar, { form });
}

export const removeAvatar = () => call(accountApi.removeAvatar);

export const changePassword = (currentPassword: string, newPassword: string) =>
  call(authApi.changePassword, { body: { currentPassword, newPassword } });
