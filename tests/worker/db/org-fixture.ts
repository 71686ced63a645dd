import { eq } from "drizzle-orm";
import { dayNumber } from "../../../shared/metrics";
import { schema } from "../../../worker/db/client";
import { contentOf, createChannel, createVideo, db } from "../support/factories";

const suffix = () => crypto.randomUUID().slice(0, 8);
const dateRange = { type: "30days" as const, range: null };

export async function createShow(organizationId: string) {
  const [show] = await (await contentOf(organizationId))
    .insert(schema.shows)
    .values({ organizationId, externalId: `show-${suffix()}`, title: "Show" })
    .returning();
  return show!;
}

export async function createEpisode(organizationId: string, showId: string) {
  const content = await contentOf(organizationId);
  const [episode] = await content
    .insert(schema.episodes)
    .values({
      organizationId,
      showId,
      externalId: `ep-${suffix()}`,
      title: "Episode",
      publishDate: new Date("2026-10-01T12:00:00Z"),
    })
    .returning({ id: schema.episodes.id });
  // Read back: RETURNING shows the row before the insert trigger gives it its history key.
  const [stored] = await content
    .select()
    .from(schema.episodes)
    .where(eq(schema.episodes.id, episode!.id));
  return { ...stored!, key: stored!.key! };
}

export async function createSchedule(organizationId: string) {
  const [schedule] = await (await contentOf(organizationId))
    .insert(schema.reportSchedules)
    .values({
      organizationId,
      title: "Weekly",
      platform: "youtube",
      dateRange,
      selectedEntities: [],
      frequency: "weekly",
      dayOfWeek: 1,
      scheduledTime: "06:00",
    })
    .returning();
  return schedule!;
}

/**
 * (Writes with the primary handle: only for organisations created with `binding: "DB"`.)
 * One row in every table that carries organization_id, all owned by `organizationId` (plus a
 * user who is a member), and a history row of its video and of its episode. Returns the names of the tables it filled, so the caller can check that
 * none was forgotten when a table is added.
 */
export async function fillOrganization(organizationId: string) {
  const d = db();
  const [user] = await d
    .insert(schema.users)
    .values({ email: `member-${suffix()}@example.com`, passwordHash: "unused" })
    .returning();
  const userId = user!.id;
  await d.insert(schema.userOrganizations).values({ userId, organizationId, role: "admin" });
  await d
    .insert(schema.organizationDatabases)
    .values({ organizationId, binding: "DB" })
    .onConflictDoNothing();
  await d
    .insert(schema.integrations)
    .values({ organizationId, type: "youtube", apiKeyCiphertext: "iv.ct", apiKeyLast4: "abcd" });
  await d.insert(schema.googleConnections).values({
    organizationId,
    googleEmail: "g@example.com",
    refreshTokenCiphertext: "iv.ct",
    scopes: "drive.file",
    connectedByUserId: userId,
  });
  await d.insert(schema.auditLog).values({
    organizationId,
    actorUserId: userId,
    action: "member.invite",
    targetType: "user",
    targetId: userId,
    details: { role: "admin" },
  });

  const channel = await createChannel(organizationId);
  const video = await createVideo(organizationId, channel.id);
  const show = await createShow(organizationId);
  const episode = await createEpisode(organizationId, show.id);
  await d
    .insert(schema.channelMetrics)
    .values({ organizationId, channelId: channel.id, date: "2026-11-01" });
  await d
    .insert(schema.videoMetrics)
    .values({ videoKey: video.key, capturedAt: new Date("2026-11-01T12:00:00Z") });
  await d
    .insert(schema.showMetrics)
    .values({ organizationId, showId: show.id, date: "2026-11-01" });
  await d
    .insert(schema.episodeMetrics)
    .values({ episodeKey: episode.key, day: dayNumber("2026-11-01") });
  await d.insert(schema.ingestionJobs).values({
    organizationId,
    kind: "ingest.channel",
    target: { channelId: channel.id },
    createdByUserId: userId,
  });

  const [sheet] = await d
    .insert(schema.persistentSheets)
    .values({ organizationId, platform: "youtube", sheetName: "Weekly" })
    .returning();
  const schedule = await createSchedule(organizationId);
  const [report] = await d
    .insert(schema.reports)
    .values({
      organizationId,
      title: "R",
      platform: "youtube",
      exportType: "recurring",
      dateRange,
      selectedEntities: [channel.id],
      scheduleId: schedule.id,
      persistentSheetId: sheet!.id,
    })
    .returning();
  await d.insert(schema.reportFiles).values({
    organizationId,
    reportId: report!.id,
    kind: "parent_csv",
    r2Key: `reports/${report!.id}/${suffix()}.csv`,
    filename: "r.csv",
    contentType: "text/csv",
    sizeBytes: 10,
  });
  await d.insert(schema.scheduleRuns).values({
    organizationId,
    scheduleId: schedule.id,
    slot: "2026-11-23T06:00:00.000Z",
    reportId: report!.id,
  });

  const mergeOptions = {
    mergeVideos: true,
    mergeEpisodes: true,
    videoMergeStrategy: "title" as const,
    episodeMergeStrategy: "title" as const,
  };
  const [preview] = await d
    .insert(schema.multiChannelPreviews)
    .values({
      organizationId,
      title: "P",
      dateRange,
      selectedChannels: [channel.id],
      selectedShows: [show.id],
      mergeOptions,
    })
    .returning();
  await d.insert(schema.previewMatches).values({
    organizationId,
    previewId: preview!.id,
    videoId: video.id,
    episodeId: episode.id,
    confidenceScore: 0.9,
  });
  await d.insert(schema.emailOutbox).values({
    organizationId,
    toAddress: user!.email,
    subject: "Hi",
    textBody: "Hi",
    kind: "invite",
    status: "sent",
  });

  await d.insert(schema.invitations).values({
    organizationId,
    email: `invited-${organizationId.slice(0, 8)}@example.com`,
    expiresAt: new Date(Date.now() + 86_400_000),
    lastSentAt: new Date(),
  });
  await d
    .insert(schema.boardConnections)
    .values({ userId, organizationId, previewId: preview!.id, lastTicketAt: new Date() });
  // Channel-owner analytics: the connection carries the organisation; its exact rows go with it.
  const [owner] = await d
    .insert(schema.youtubeOwnerConnections)
    .values({
      organizationId,
      channelId: channel.id,
      googleEmail: "owner@example.com",
      refreshTokenCiphertext: "iv.ct",
      scopes: "yt-analytics.readonly youtube.readonly",
      connectedByUserId: userId,
    })
    .returning();
  const [ownerVideo] = await d
    .insert(schema.youtubeOwnerVideos)
    .values({ connectionKey: owner!.key, videoId: video.id })
    .returning();
  await d.insert(schema.youtubeChannelDaily).values({ connectionKey: owner!.key, day: 20_400 });
  await d.insert(schema.youtubeVideoDaily).values({ videoKey: ownerVideo!.key, day: 20_400 });

  return {
    userId,
    // The compact history tables carry the entity's key, not the organisation (cascade by key).
    history: { videoKey: video.key, episodeKey: episode.key },
    tables: [
      // Made by the trigger on organizations.
      "organization_keys",
      // Kept by triggers on channels, videos, shows and episodes.
      "table_stats",
      "video_title_groups",
      "youtube_owner_connections",
      "user_organizations",
      "organization_databases",
      "invitations",
      "board_connections",
      "integrations",
      "google_connections",
      "audit_log",
      "channels",
      "videos",
      "shows",
      "episodes",
      "channel_metrics",
      "show_metrics",
      "ingestion_jobs",
      "persistent_sheets",
      "report_schedules",
      "reports",
      "report_files",
      "schedule_runs",
      "multi_channel_previews",
      "preview_matches",
      "email_outbox",
    ],
  };
}
