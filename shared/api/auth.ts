import { z } from "zod";
import {
  changePasswordBodySchema,
  linkBodySchema,
  messageResponseSchema,
  resetRequestBodySchema,
  setPasswordBodySchema,
} from "../schemas/account";
import {
  linkResponseSchema,
  meResponseSchema,
  refreshResponseSchema,
  signInBodySchema,
  signUpBodySchema,
  tokenResponseSchema,
} from "../schemas/auth";
import { failures, jsonBody, responds, routesOf } from "./define";

const open = routesOf("auth", { public: true });
const signedIn = routesOf("auth");

/** The tab's active organisation travels with /me, so each tab keeps its own. */
export const meQuerySchema = z.object({ organizationId: z.string().uuid().optional() });

/** `include=me`: the answer also carries GET /auth/me's (the default organisation), in one trip. */
export const refreshQuerySchema = z.object({ include: z.literal("me").optional() });

/** The refresh token travels only in the HttpOnly cookie scoped to /api/auth. */
const refreshCookie = "The refresh token, in the HttpOnly cookie scoped to /api/auth";

/**
 * Signing up, in and out, emailed links and passwords (spec section 5). The access token comes
 * back in the body; the refresh token only ever in a cookie a script cannot read.
 */
export const authApi = {
  signUp: open({
    method: "post",
    path: "/auth/sign-up",
    summary: "Create an account; a confirmation email follows (same answer for a known address)",
    request: { body: jsonBody(signUpBodySchema) },
    responses: responds(201, "Accepted; check your email", messageResponseSchema),
  }),
  confirm: open({
    method: "get",
    path: "/auth/confirm",
    summary: "The emailed confirmation link: confirms the address and goes back to sign-in",
    request: { query: z.object({ token: z.string().optional() }) },
    responses: {
      302: { description: "To /?confirmed=1, or /?confirmed=0 for a used or unknown link" },
      ...failures,
    },
  }),
  signIn: open({
    method: "post",
    path: "/auth/sign-in",
    summary: "Sign in with email and password (the temporary one accepts an invitation)",
    request: { body: jsonBody(signInBodySchema) },
    responses: responds(200, `An access token; ${refreshCookie}`, tokenResponseSchema),
  }),
  refresh: open({
    method: "post",
    path: "/auth/refresh",
    summary: "Exchange the refresh cookie for a new access token (single use, rotated)",
    request: { query: refreshQuerySchema },
    responses: responds(
      200,
      `A new access token (with include=me, also what GET /auth/me answers); ${refreshCookie}`,
      refreshResponseSchema,
    ),
  }),
  signOut: open({
    method: "post",
    path: "/auth/sign-out",
    summary: "End this sign-in and its open boards; the cookie is cleared",
    responses: { 204: { description: "Signed out" }, ...failures },
  }),
  resetRequest: open({
    method: "post",
    path: "/auth/reset-request",
    summary: "Email a password reset link (same answer whether the address is known or not)",
    request: { body: jsonBody(resetRequestBodySchema) },
    responses: responds(200, "Accepted; check your email", messageResponseSchema),
  }),
  link: open({
    method: "post",
    path: "/auth/link",
    summary: "Exchange an emailed invitation or reset link for a session",
    request: { body: jsonBody(linkBodySchema) },
    responses: responds(
      200,
      `An access token and the link's kind; ${refreshCookie}`,
      linkResponseSchema,
    ),
  }),
  me: signedIn({
    method: "get",
    path: "/auth/me",
    summary: "The signed-in person, their organisations and invitations",
    request: { query: meQuerySchema },
    responses: responds(200, "The person and the active organisation", meResponseSchema),
  }),
  setPassword: signedIn({
    method: "post",
    path: "/auth/set-password",
    summary: "Choose a permanent password after an invitation or a reset",
    request: { body: jsonBody(setPasswordBodySchema) },
    responses: responds(200, "Updated; every other sign-in ended", messageResponseSchema),
  }),
  changePassword: signedIn({
    method: "post",
    path: "/auth/password",
    summary: "Change one's password (the current one is checked like a sign-in)",
    request: { body: jsonBody(changePasswordBodySchema) },
    responses: responds(200, "Updated; every other sign-in ended", messageResponseSchema),
  }),
};
