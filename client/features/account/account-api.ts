import { z } from "zod";
import { meResponseSchema } from "../../../shared/schemas/auth";
import { api } from "../../lib/api/client";

export const updateProfile = (phoneNumber: string | null) =>
  api("/api/account/profile", meResponseSchema, { method: "PATCH", body: { phoneNumber } });

export const updateOrgTimezone = (orgId: string, timezone: string) =>
  api(`/api/orgs/${orgId}/timezone`, z.object({ timezone: z.string() }), {
    method: "PATCH",
    body: { timezone },
  });

export function uploadAvatar(file: File) {
  const formData = new FormData();
  formData.append("file", file);
  return api("/api/account/avatar", meResponseSchema, { method: "POST", formData });
}

export const removeAvatar = () =>
  api("/api/account/avatar", meResponseSchema, { method: "DELETE" });

export const changePassword = (currentPassword: string, newPassword: string) =>
  api("/api/auth/password", z.object({ message: z.string() }), {
    body: { currentPassword, newPassword },
  });
