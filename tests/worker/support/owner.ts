import { SELF } from "cloudflare:test";
import { z } from "zod";

/**
 * Connects a channel's owner as a browser would: start (consent URL and the flow's cookie),
 * "Allow" on the sandbox consent page as `account`, then Google's redirect to our callback.
 * The sandbox account <handle>@gmail.com owns the channel @<handle>.
 */
export async function connectOwner(
  orgId: string,
  channelId: string,
  token: string,
  account: string,
  /** The scopes left ticked on the consent screen; every requested one by default. */
  grant?: (requested: string[]) => string[],
) {
  const start = await SELF.fetch(
    `http://localhost/api/orgs/${orgId}/channels/${channelId}/owner/connect`,
    { method: "POST", headers: { authorization: `Bearer ${token}` } },
  );
  if (start.status !== 200) throw new Error(`owner connect: ${start.status}`);
  const { authorizationUrl } = z.object({ authorizationUrl: z.string() }).parse(await start.json());
  const cookie = start.headers
    .getSetCookie()
    .find((c) => c.startsWith("crosscast_owner_oauth="))!
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
