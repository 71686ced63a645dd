import { SELF } from "cloudflare:test";
import { z } from "zod";

type Grant = (requested: string[]) => string[];

/**
 * A Google consent flow as a browser runs it: POST `startPath` (gets the consent URL and the
 * flow's cookie `cookieName`), "Allow" on the sandbox consent page as `account`, then Google's
 * redirect to our callback. Answers the consent URL and where the callback sent the browser.
 */
export async function throughGoogleConsent(
  startPath: string,
  cookieName: string,
  token: string,
  account: string,
  /** The scopes left ticked on the consent screen; every requested one by default. */
  grant?: Grant,
) {
  const start = await SELF.fetch(`http://localhost${startPath}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
  });
  if (start.status !== 200) throw new Error(`${startPath}: ${start.status}`);
  const { authorizationUrl } = z.object({ authorizationUrl: z.string() }).parse(await start.json());
  const cookie = start.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${cookieName}=`))!
    .split(";")[0]!;
  const consent = new URL(authorizationUrl);
  const approve = new URL("http://localhost/sandbox/accounts.google.com/o/oauth2/v2/approve");
  for (const k of ["redirect_uri", "state", "code_challenge"])
    approve.searchParams.set(k, consent.searchParams.get(k) ?? "");
  const requested = (consent.searchParams.get("scope") ?? "").split(" ");
  for (const scope of grant ? grant(requested) : requested)
    approve.searchParams.append("grant", scope);
  approve.searchParams.set("account", account);
  approve.searchParams.set("decision", "allow");
  const back = await SELF.fetch(approve, { redirect: "manual" });
  const callback = await SELF.fetch(back.headers.get("location")!, {
    headers: { cookie },
    redirect: "manual",
  });
  return { consent, location: callback.headers.get("location") };
}

/** Connects the organisation's Google account (Drive, Sheets) through the consent flow. */
export const connectGoogle = (
  orgId: string,
  token: string,
  account = "sandbox.editor@gmail.com",
  grant?: Grant,
) =>
  throughGoogleConsent(
    `/api/orgs/${orgId}/google/connect`,
    "crosscast_google_oauth",
    token,
    account,
    grant,
  );
