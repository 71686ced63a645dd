import type { MeResponse } from "../../shared/schemas/auth";

/** GET /auth/me's answer for Ada, the admin of one organisation "o1": the client tests' person. */
export const signedInPerson: MeResponse = {
  user: {
    id: "u1",
    email: "ada@example.com",
    name: "Ada",
    avatarUrl: null,
    phoneNumber: null,
    isNewUser: false,
    isPasswordReset: false,
    passwordExpiresAt: null,
  },
  organization: { id: "o1", name: "Org", logoUrl: null, timezone: "UTC" },
  membership: { role: "admin", organizationId: "o1" },
  isAdmin: true,
  memberships: [{ organizationId: "o1", name: "Org", logoUrl: null, role: "admin" }],
  invitations: [],
};
