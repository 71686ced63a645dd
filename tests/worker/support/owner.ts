import { throughGoogleConsent } from "./google";

/**
 * Connects a channel's owner through Google's consent flow as `account`.
 * The sandbox account <handle>@gmail.com owns the channel @<handle>.
 */
export const connectOwner = (
  orgId: string,
  channelId: string,
  token: string,
  account: string,
  /** The scopes left ticked on the consent screen; every requested one by default. */
  grant?: (requested: string[]) => string[],
) =>
  throughGoogleConsent(
    `/api/orgs/${orgId}/channels/${channelId}/owner/connect`,
    "crosscast_owner_oauth",
    token,
    account,
    grant,
  );
