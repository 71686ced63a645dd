import {
  YOUTUBE_PAGE_SIZE,
  type YouTubeClient,
  type YouTubeVideo,
} from "../../providers/youtube/client";

/**
 * videos.list calls waiting at once while the uploads playlist is walked. The walk itself is
 * sequential (each page names the next), so without overlap a channel pays every playlistItems
 * and every videos.list round trip one after the other (2 x N/50 of them). A few in flight hide
 * most of the videos.list time behind the walk; more would only add load on YouTube's side, not
 * speed, since the walk is the long pole. Quota is unchanged: the same requests are sent.
 */
export const VIDEOS_LIST_IN_FLIGHT = 4;

export type Uploads = { ids: string[]; videos: YouTubeVideo[] };

/**
 * Every upload of a channel and its videos.list record: the playlist walk and the videos.list
 * calls overlap, at most `inFlight` of the latter at a time (the walk waits for a free slot).
 * The result is what walking first and then asking in order gives: ids and videos in playlist
 * order (newest first), each id once (a page that shifts under the walk, e.g. an upload
 * published meanwhile, can list an id twice; it is asked for and counted once). The first
 * failure of either kind fails the whole fetch; nothing partial is returned.
 */
export async function fetchUploads(
  yt: YouTubeClient,
  playlistId: string,
  inFlight = VIDEOS_LIST_IN_FLIGHT,
): Promise<Uploads> {
  const seen = new Set<string>();
  const ids: string[] = [];
  let waiting: string[] = [];
  const lists: Array<Promise<YouTubeVideo[]>> = [];
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | null = null;

  const ask = async (batch: string[]) => {
    while (running.size >= inFlight) await Promise.race(running);
    if (failure) throw failure.error;
    const list = yt.videos(batch);
    lists.push(list);
    // Settles either way, so the slot frees; a rejection is kept to stop the walk early (the
    // settled results below throw it again when the walk itself ended first).
    const slot: Promise<void> = list.then(
      () => undefined,
      (error: unknown) => {
        failure ??= { error };
      },
    );
    const tracked = slot.finally(() => running.delete(tracked));
    running.add(tracked);
  };

  const walk = yt.uploadIds(playlistId, async (page) => {
    if (failure) throw failure.error;
    for (const id of page) {
      if (seen.has(id)) continue;
      seen.add(id);
      ids.push(id);
      waiting.push(id);
    }
    while (waiting.length >= YOUTUBE_PAGE_SIZE) {
      await ask(waiting.slice(0, YOUTUBE_PAGE_SIZE));
      waiting = waiting.slice(YOUTUBE_PAGE_SIZE);
    }
  });
  let listed: string[];
  try {
    listed = await walk;
    if (waiting.length > 0) await ask(waiting);
  } catch (error) {
    // No call of this job keeps running after it has failed.
    await Promise.all(running);
    throw error;
  }
  // Every call settles before the answer (or the first failure, in playlist order) is given.
  const settled = await Promise.allSettled(lists);
  const videos: YouTubeVideo[] = [];
  for (const result of settled) {
    if (result.status === "rejected") throw result.reason;
    for (const video of result.value) videos.push(video);
  }
  // uploadIds answers [] when the playlist is gone (an empty channel), even after some pages.
  if (listed.length === 0) return { ids: [], videos: [] };
  return { ids, videos };
}
