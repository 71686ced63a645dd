import { fromBase64, toBase64Url } from "../../lib/crypto/encoding";

/*
 * Emulated Google tokens carry the account they belong to, so the sandbox needs no database.
 * Magic accounts: an address starting with "expired" gets access tokens Google refuses (401);
 * one starting with "revoked" gets a refresh token that fails with invalid_grant.
 */
const encode = (value: string) => toBase64Url(new TextEncoder().encode(value));
const decode = (value: string) =>
  new TextDecoder().decode(
    fromBase64(
      value.replace(/-/g, "+").replace(/_/g, "/") + "==".slice(0, (4 - (value.length % 4)) % 4),
    ),
  );

export const accessTokenFor = (account: string) => `sbx-access.${encode(account)}`;
export const refreshTokenFor = (account: string) => `sbx-refresh.${encode(account)}`;
export const codeFor = (account: string, challenge: string) =>
  `sbx-code.${encode(JSON.stringify({ account, challenge }))}`;

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
export const accountOfRefreshToken = (token: string) => {
  const account = parse("sbx-refresh", token);
  return account && !account.startsWith("revoked") ? account : null;
};
export function parseCode(code: string): { account: string; challenge: string } | null {
  const raw = parse("sbx-code", code);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { account?: unknown; challenge?: unknown };
    return typeof value.account === "string" && typeof value.challenge === "string"
      ? { account: value.account, challenge: value.challenge }
      : null;
  } catch {
    return null;
  }
}
