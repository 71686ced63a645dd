import { ingestChannel, waitForJob } from "./support.mjs";

/** The paired demo channel and podcast (Demo Media Tech Talk), through the API as the dialogs would. */
export async function addPairedContent(api) {
  await api.call("integrations/simplecast/connect", { apiKey: "sandbox-demo-media-token" });
  const { podcasts } = await api.call("integrations/simplecast/podcasts");
  const podcast = podcasts.find((p) => p.title === "Demo Media Tech Talk");
  const { jobId } = await api.call("shows", { podcastIds: [podcast.id] });
  await ingestChannel(api, "@demomedia-tech", "AIza-sandbox-multichannel");
  await waitForJob(api, jobId);
}

/** A board over the paired demo channel and podcast, made through the API as the setup dialog would. */
export async function newPreview(api, title) {
  const { channels } = await api.call("channels");
  const { shows } = await api.call("shows");
  const { previewId } = await api.call("multi-channel/previews", {
    title,
    dateRange: { type: "alltime", range: null },
    selectedChannels: [channels.find((c) => c.title === "Demo Media Tech Talk").id],
    selectedShows: [shows.find((s) => s.title === "Demo Media Tech Talk").id],
    mergeOptions: {
      mergeVideos: false,
      mergeEpisodes: false,
      videoMergeStrategy: "none",
      episodeMergeStrategy: "none",
    },
  });
  return previewId;
}
