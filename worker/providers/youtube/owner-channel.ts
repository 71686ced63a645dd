import { integrationMessages } from "../../../shared/messages-integrations";
import { DEFAULT_TIMEOUT_MS, getJson, withRetries } from "../http";
import type { Fetcher } from "../transport";
import { YOUTUBE_BASE_URL } from "./client";
import { YouTubeError, youtubeErrorFrom } from "./errors";
import { channelListSchema } from "./schemas";

/**
 * The channel an owner's OAuth token belongs to: Data API `channels.list?mine=true` (1 quota
 * unit, billed to the project like any Data API call). Null when the Google account has no
 * channel. With several channels under one account, Google's consent screen made the person
 * pick one, and the token answers for that one only.
 */
export async function ownChannel(
  fetcher: Fetcher,
  accessToken: string,
  baseUrl = YOUTUBE_BASE_URL,
): Promise<{ externalId: string; title: string } | null> {
  const params = new URLSearchParams({ part: "snippet", mine: "true" });
  const url = `${baseUrl.replace(/\/$/, "")}/channels?${params}`;
  return withRetries(async () => {
    const answer = await getJson(
      fetcher,
      url,
      { Authorization: `Bearer ${accessToken}` },
      DEFAULT_TIMEOUT_MS,
      "YouTube",
      (kind, message, status) => new YouTubeError(kind, message, status),
    );
    if (!answer.ok)
      throw youtubeErrorFrom(answer.status, answer.body, answer.headers.get("retry-after"));
    const parsed = answer.malformed ? null : channelListSchema.safeParse(answer.body);
    if (!parsed?.success)
      throw new YouTubeError("malformed", integrationMessages.unreadable("youtube"), 0);
    const first = parsed.data.items[0];
    return first ? { externalId: first.id, title: first.snippet.title } : null;
  }, {});
}
