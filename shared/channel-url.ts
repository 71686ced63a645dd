import { integrationMessages } from "./messages-integrations";

/** Channel URL rules (spec section 5): a URL on YouTube whose path starts with an @handle. */
export const YOUTUBE_HOST = "https://www.youtube.com";
const HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com"]);

export type ChannelUrlResult = { ok: true; handle: string } | { ok: false; message: string };

export function parseChannelUrl(input: string): ChannelUrlResult {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return { ok: false, message: integrationMessages.channelUrlInvalid };
  }
  if (!HOSTS.has(url.hostname.toLowerCase()) || !/^https?:$/.test(url.protocol))
    return { ok: false, message: integrationMessages.channelUrlInvalid };
  const handle = /^\/(@[A-Za-z0-9._-]{3,30})(?:\/.*)?$/.exec(url.pathname)?.[1];
  if (!handle) return { ok: false, message: integrationMessages.channelUrlHandle(YOUTUBE_HOST) };
  return { ok: true, handle: handle.toLowerCase() };
}
