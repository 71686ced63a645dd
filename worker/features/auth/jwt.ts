import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { fromBase64 } from "../../lib/crypto/encoding";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = "crosscast";
const AUDIENCE = "crosscast-api";

const keyFor = (secret: string) => fromBase64(secret);

export type AccessClaims = { userId: string; sessionId: string };

export async function signAccessToken(claims: AccessClaims, secret: string, now = Date.now()) {
  const issuedAt = Math.floor(now / 1000);
  const expiresAt = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(keyFor(secret));
  return {
    token,
    expiresIn: ACCESS_TOKEN_TTL_SECONDS,
    expiresAt: new Date(expiresAt * 1000).toISOString(),
  };
}

/**
 * Verifies signature, algorithm (pinned to HS256: "none" or any other alg is refused), issuer,
 * audience and expiry (required, and never more than the access-token lifetime after iat).
 * Returns null for any invalid token; callers answer 401.
 */
export async function verifyAccessToken(
  token: string,
  secret: string,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      // jose checks exp only when present: a correctly signed token without it would never expire.
      requiredClaims: ["exp", "iat", "sub", "sid"],
      maxTokenAge: ACCESS_TOKEN_TTL_SECONDS,
    });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}
