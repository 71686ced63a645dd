import { integrationMessages } from "./messages-integrations";

/** Channel URL rules (spec section 5): a URL on YouTube whose path starts with an @handle. */
export const YOUTUBE_HOST = "https://www.youtube.com";
const HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com"]);

/*
 * A handle as YouTube allows it (YouTube Help, "Handle naming guidelines"): up to 30 characters,
 * letters or numbers of any of its 75 supported languages (Hangul, Devanagari with its combining
 * marks, Arabic-Indic digits...) plus underscores, hyphens, periods and Latin middle dots. The `u`
 * flag makes the lengths count characters (code points), not UTF-16 units, so a handle of 30
 * astral letters is not refused as 60 long.
 * The minimum is 3 "(see exceptions below)": YouTube sets limits per script, and shorter handles
 * exist in scripts whose one character is a syllable or a word ("@정국", 2). We keep the 3 for
 * handles written only in Latin letters and digits, where it is certain, and let YouTube decide
 * for the others (an unknown handle gets "No YouTube channel found", not a false "not a handle").
 */
const HANDLE = /^@[\p{L}\p{M}\p{N}._·-]{1,30}$/u;
const SHORT_LATIN = /^@[\p{sc=Latn}\p{M}\p{N}._·-]{1,2}$/u;
export const isYouTubeHandle = (handle: string) => HANDLE.test(handle) && !SHORT_LATIN.test(handle);

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
  const refused = {
    ok: false,
    message: integrationMessages.channelUrlHandle(YOUTUBE_HOST),
  } as const;
  // URL keeps the path percent-encoded (UTF-8): "/@정국" is "/@%EC%A0%95%EA%B5%AD". Only the first
  // segment is decoded, so an encoded "/" (%2F) cannot end the handle early.
  const segment = /^\/([^/]*)/.exec(url.pathname)?.[1] ?? "";
  let handle: string;
  try {
    // NFC: a handle typed on macOS may arrive decomposed ("e" + U+0301); both forms must name the
    // same channel and the same row, and be counted the same against the 30-character limit.
    handle = decodeURIComponent(segment).normalize("NFC");
  } catch {
    // A malformed escape ("%EC%A0" cut short, "%zz") is a bad URL like any other, not a crash.
    return refused;
  }
  // Lower case after the length check (YouTube handles are case-insensitive; lower-casing can
  // lengthen a few letters, such as "İ").
  return isYouTubeHandle(handle) ? { ok: true, handle: handle.toLowerCase() } : refused;
}
