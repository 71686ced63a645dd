import { type MeResponse, refreshResponseSchema } from "../../shared/schemas/auth";

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

/**
 * POST /auth/refresh?include=me's answer restoring Ada's session (parsed by the route's schema);
 * `me` for a variant of her (another organisation time zone, say).
 */
export const restoredSession = (me: MeResponse = signedInPerson) =>
  refreshResponseSchema.parse({
    accessToken: "access-1",
    tokenType: "bearer",
    expiresIn: 900,
    expiresAt: new Date(Date.now() + 900_000).toISOString(),
    me,
  });
