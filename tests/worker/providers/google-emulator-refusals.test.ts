import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { toBase64Url } from "../../../worker/lib/crypto/encoding";
import { accessTokenFor } from "../../../worker/sandbox/google/tokens";

/*
 * The Google emulator's own refusals, called directly (gap kind: emulator limits hidden by client
 * guards: our OAuth client always authenticates, exchanges each code once and refreshes with the
 * token it was given; our Sheets client only names tabs it made). Bodies follow Google's: the
 * token endpoint's {error, error_description}, the APIs' {error: {code, message, status}}.
 */
const SANDBOX = "http://localhost/sandbox";
/** The sandbox's own client (worker/providers/google/oauth.ts: googleCredentials). */
const CLIENT = "sandbox-client-id.apps.googleusercontent.com:sandbox-client-secret";
const basic = (pair: string) => `Basic ${btoa(pair)}`;

function token(form: Record<string, string>, authorization: string | null = basic(CLIENT)) {
  return SELF.fetch(`${SANDBOX}/oauth2.googleapis.com/token`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(authorization === null ? {} : { authorization }),
    },
    body: new URLSearchParams(form).toString(),
  });
}
async function tokenError(res: Response) {
  return { status: res.status, error: ((await res.json()) as { error: string }).error };
}

/** An authorisation code from "Allow" on the consent page, with its PKCE verifier. */
async function authorisationCode(account: string) {
  const verifier = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = toBase64Url(
    new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))),
  );
  const approve = new URL(`${SANDBOX}/accounts.google.com/o/oauth2/v2/approve`);
  approve.searchParams.set("redirect_uri", "http://localhost/api/google/callback");
  approve.searchParams.set("code_challenge", challenge);
  for (const scope of ["openid", "email", "https://www.googleapis.com/auth/drive.file"])
    approve.searchParams.append("grant", scope);
  approve.searchParams.set("account", account);
  approve.searchParams.set("decision", "allow");
  const back = await SELF.fetch(approve, { redirect: "manual" });
  const code = new URL(back.headers.get("location")!).searchParams.get("code")!;
  return { code, verifier };
}
const exchange = (code: string, verifier: string, authorization?: string | null) =>
  token(
    {
      grant_type: "authorization_code",
      code,
      code_verifier: verifier,
      redirect_uri: "http://localhost/api/google/callback",
    },
    authorization,
  );
const someone = () => `refusals-${crypto.randomUUID().slice(0, 8)}@gmail.com`;

describe("Google token endpoint refusals", () => {
  it("a request without client authentication, or with the wrong client, is invalid_client", async () => {
    const { code, verifier } = await authorisationCode(someone());
    for (const authorization of [
      null,
      basic("sandbox-client-id.apps.googleusercontent.com:wrong-secret"),
      basic("someone-else.apps.googleusercontent.com:sandbox-client-secret"),
      `Bearer ${btoa(CLIENT)}`,
    ])
      expect(
        await tokenError(await exchange(code, verifier, authorization)),
        authorization ?? "none",
      ).toEqual({
        status: 401,
        error: "invalid_client",
      });
    expect((await exchange(code, verifier)).status).toBe(200);
  });

  it("an authorisation code is single use, and needs its own PKCE verifier", async () => {
    const { code, verifier } = await authorisationCode(someone());
    const other = await authorisationCode(someone());
    expect(await tokenError(await exchange(code, other.verifier))).toEqual({
      status: 400,
      error: "invalid_grant",
    });
    expect((await exchange(code, verifier)).status).toBe(200);
    expect(await tokenError(await exchange(code, verifier))).toEqual({
      status: 400,
      error: "invalid_grant",
    });
    expect(await tokenError(await exchange("sbx-code.forged", verifier))).toEqual({
      status: 400,
      error: "invalid_grant",
    });
  });

  it("an unknown or revoked refresh token is invalid_grant; a good one refreshes again and again", async () => {
    const refreshTokenOf = async (account: string) => {
      const { code, verifier } = await authorisationCode(account);
      return ((await (await exchange(code, verifier)).json()) as { refresh_token: string })
        .refresh_token;
    };
    const good = await refreshTokenOf(someone());
    const revoked = await refreshTokenOf(`revoked-${someone()}`);
    for (const refresh of ["sbx-refresh.not-a-token", "1//unknown", revoked])
      expect(
        await tokenError(await token({ grant_type: "refresh_token", refresh_token: refresh })),
        refresh,
      ).toEqual({ status: 400, error: "invalid_grant" });
    // Google does not rotate refresh tokens: the same one keeps working.
    for (let i = 0; i < 2; i++)
      expect((await token({ grant_type: "refresh_token", refresh_token: good })).status).toBe(200);
  });

  it("a missing refresh_token is invalid_request; an unknown grant_type is unsupported_grant_type", async () => {
    expect(await tokenError(await token({ grant_type: "refresh_token" }))).toEqual({
      status: 400,
      error: "invalid_request",
    });
    expect(await tokenError(await token({ grant_type: "password" }))).toEqual({
      status: 400,
      error: "unsupported_grant_type",
    });
  });
});

const SHEETS = `${SANDBOX}/sheets.googleapis.com/v4/spreadsheets`;
function sheets(
  path: string,
  account: string | null,
  init: { method?: string; body?: unknown } = {},
) {
  return SELF.fetch(`${SHEETS}${path}`, {
    method: init.method ?? "GET",
    headers: {
      "content-type": "application/json",
      ...(account === null ? {} : { authorization: `Bearer ${accessTokenFor(account)}` }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}
async function apiError(res: Response) {
  const body = (await res.json()) as { error: { code: number; status: string; message: string } };
  return { http: res.status, ...body.error };
}
async function spreadsheetOf(account: string) {
  const res = await sheets("", account, {
    method: "POST",
    body: { properties: { title: "Refusals" }, sheets: [{ properties: { title: "Tab" } }] },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { spreadsheetId: string }).spreadsheetId;
}
const write = { values: [["a", "b"]] };

describe("Google Sheets emulator refusals", () => {
  it("no token, or one Google refuses, is 401 UNAUTHENTICATED", async () => {
    const owner = someone();
    const id = await spreadsheetOf(owner);
    for (const account of [null, `expired-${someone()}`]) {
      expect(await apiError(await sheets(`/${id}`, account))).toMatchObject({
        http: 401,
        code: 401,
        status: "UNAUTHENTICATED",
      });
      expect(
        (
          await sheets(`/${id}/values/Tab!A1?valueInputOption=RAW`, account, {
            method: "PUT",
            body: write,
          })
        ).status,
      ).toBe(401);
    }
    expect((await sheets(`/${id}`, owner)).status).toBe(200);
  });

  it("an unknown spreadsheet is 404 NOT_FOUND, another account's 403 PERMISSION_DENIED, for every call", async () => {
    const owner = someone();
    const stranger = someone();
    const id = await spreadsheetOf(owner);
    const calls = (sheetId: string) => [
      sheets(`/${sheetId}`, stranger),
      sheets(`/${sheetId}:batchUpdate`, stranger, { method: "POST", body: { requests: [] } }),
      sheets(`/${sheetId}/values/Tab!A1?valueInputOption=RAW`, stranger, {
        method: "PUT",
        body: write,
      }),
      sheets(`/${sheetId}/values/Tab!A1:append?valueInputOption=RAW`, stranger, {
        method: "POST",
        body: write,
      }),
      sheets(`/${sheetId}/values/Tab:clear`, stranger, { method: "POST", body: {} }),
    ];
    for (const call of calls("no-such-spreadsheet"))
      expect(await apiError(await call)).toMatchObject({
        http: 404,
        code: 404,
        status: "NOT_FOUND",
        message: "Requested entity was not found.",
      });
    // Sheets does not hide a spreadsheet the caller may not open, as Drive hides a file.
    for (const call of calls(id))
      expect(await apiError(await call)).toMatchObject({
        http: 403,
        code: 403,
        status: "PERMISSION_DENIED",
        message: "The caller does not have permission",
      });
    expect((await sheets(`/${id}`, owner)).status).toBe(200);
  });

  it("a range naming no sheet, or that is not A1 notation, is 400 Unable to parse range", async () => {
    const owner = someone();
    const id = await spreadsheetOf(owner);
    for (const range of ["Nope!A1", "Tab!1A", "Tab!A0", "'Tab!A1"]) {
      const path = `/${id}/values/${encodeURIComponent(range)}?valueInputOption=RAW`;
      expect(
        await apiError(await sheets(path, owner, { method: "PUT", body: write })),
        range,
      ).toEqual({
        http: 400,
        code: 400,
        status: "INVALID_ARGUMENT",
        message: `Unable to parse range: ${range}`,
      });
    }
    const clear = await sheets(`/${id}/values/Nope:clear`, owner, { method: "POST", body: {} });
    expect(await apiError(clear)).toMatchObject({
      http: 400,
      message: "Unable to parse range: Nope",
    });
    const good = `/${id}/values/${encodeURIComponent("Tab!A1")}?valueInputOption=RAW`;
    expect((await sheets(good, owner, { method: "PUT", body: write })).status).toBe(200);
  });

  it("values.update without valueInputOption is 400", async () => {
    const owner = someone();
    const id = await spreadsheetOf(owner);
    expect(
      await apiError(await sheets(`/${id}/values/Tab!A1`, owner, { method: "PUT", body: write })),
    ).toMatchObject({ http: 400, message: "'valueInputOption' is required but not specified" });
  });
});
