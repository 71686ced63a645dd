import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { fromBase64 } from "../../lib/crypto/encoding";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = "crosscast";
const AUDIENCE = "crosscast-api";

/*
 * The HMAC key, imported once per secret for the isolate's life. Given raw bytes, jose imports
 * a key on every sign and verify; a CPU profile of a table page put that import among the
 * Worker's largest costs per request. A rotated JWT_SECRET is a new map entry.
 */
const keys = new Map<string, Promise<CryptoKey>>();
function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      "raw",
      fromBase64(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
    // A failed import is not kept: the next call tries again and reports its own error.
    key.catch(() => keys.delete(secret));
    keys.set(secret, key);
  }
  return key;
}

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
    .sign(await keyFor(secret));
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
    const { payload } = await jwtVerify(token, await keyFor(secret), {
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
