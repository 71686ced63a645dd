import type { Context } from "hono";
import type { TokenResponse } from "../../../shared/schemas/auth";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../env";
import { setRefreshCookie } from "./cookies";
import { signAccessToken } from "./jwt";
import { requestMeta } from "./request-meta";
import { startSession } from "./sessions";

/** Starts a session for a user: refresh token into the cookie, access token into the body. */
export async function signInUser(
  c: Context<AppEnv>,
  db: Db,
  userId: string,
): Promise<TokenResponse> {
  const { sessionId, refreshToken } = await startSession(db, userId, requestMeta(c));
  setRefreshCookie(c, refreshToken);
  return accessTokenResponse(c, userId, sessionId);
}

export async function accessTokenResponse(
  c: Context<AppEnv>,
  userId: string,
  sessionId: string,
): Promise<TokenResponse> {
  const { token, expiresIn, expiresAt } = await signAccessToken(
    { userId, sessionId },
    c.env.JWT_SECRET,
  );
  return { accessToken: token, tokenType: "bearer", expiresIn, expiresAt };
}
