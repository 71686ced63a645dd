import { z } from "zod";
import { fromBase64, toBase64Url } from "../../lib/crypto/encoding";

/*
 * Emulated Google tokens carry the account they belong to, so the sandbox needs no database.
 * Magic accounts: an address starting with "expired" gets access tokens Google refuses (401);
 * one starting with "revoked" gets a refresh token that fails with invalid_grant. A refresh token
 * also remembers the OAuth client it was issued to: Google refuses it (unauthorized_client) to
 * any other client, as after a deployment changes its client ID.
 */
const encode = (value: string) => toBase64Url(new TextEncoder().encode(value));
const decode = (value: string) =>
  new TextDecoder().decode(
    fromBase64(
      value.replace(/-/g, "+").replace(/_/g, "/") + "==".slice(0, (4 - (value.length % 4)) % 4),
    ),
  );

export const accessTokenFor = (account: string) => `sbx-access.${encode(account)}`;
/**
 * A refresh token remembers the scopes granted with it (a refresh answers the same ones) and the
 * client it was issued to (none: good for any client, as for tokens the sandbox seeds itself).
 */
export const refreshTokenFor = (account: string, scopes: string[], client?: string) =>
  `sbx-refresh.${encode(JSON.stringify({ account, scopes, client }))}`;
export const codeFor = (account: string, challenge: string, scopes: string[]) =>
  `sbx-code.${encode(JSON.stringify({ account, challenge, scopes }))}`;

function parse(prefix: string, token: string): string | null {
  if (!token.startsWith(`${prefix}.`)) return null;
  try {
    return decode(token.slice(prefix.length + 1));
  } catch {
    return null;
  }
}

export const accountOfAccessToken = (token: string) => {
  const account = parse("sbx-access", token);
  return account && !account.startsWith("expired") ? account : null;
};
const grantSchema = z.object({ account: z.string(), scopes: z.array(z.string()) });
/** Tokens minted before the client was recorded carry none; they stay good for any client. */
const refreshGrantSchema = grantSchema.extend({ client: z.string().optional() });
const codeSchema = grantSchema.extend({ challenge: z.string() });
const json = (raw: string | null): unknown => {
  try {
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
};

export function grantOfRefreshToken(
  token: string,
): { account: string; scopes: string[]; client?: string | undefined } | null {
  const parsed = refreshGrantSchema.safeParse(json(parse("sbx-refresh", token)));
  return parsed.success && !parsed.data.account.startsWith("revoked") ? parsed.data : null;
}
export function parseCode(code: string): z.infer<typeof codeSchema> | null {
  const parsed = codeSchema.safeParse(json(parse("sbx-code", code)));
  return parsed.success ? parsed.data : null;
}
