import { env } from "cloudflare:test";
import type { Exchange } from "../../../worker/sandbox/traffic";
import { checkDiscoveryExchange, type DiscoveryDoc, matchMethod } from "./discovery";
import { checkOpenApiExchange, type OpenApiDoc } from "./openapi";
import { oauthTokenContract, type ReferenceContract, simplecastContracts } from "./reference";

/*
 * THE TABLE: every operation our provider clients call, and the document that is its contract.
 * `clientCalls` says which client method sends which operation; contract.test.ts fails when a
 * client gains a method that is not listed here (a new call without a contract), when a
 * recorded request matches no operation below, or when an operation below was never exercised.
 */

export type DocName =
  | "youtube"
  | "youtubeAnalytics"
  | "youtubeReporting"
  | "sheets"
  | "drive"
  | "oauth2";

export type Operation =
  | { id: string; kind: "discovery"; doc: DocName; methodId: string }
  | { id: string; kind: "openapi"; doc: "resend"; method: string; path: string }
  | { id: string; kind: "reference"; contract: ReferenceContract };

const discovery = (doc: DocName, methodId: string): Operation => ({
  id: methodId,
  kind: "discovery",
  doc,
  methodId,
});

export const operations: Operation[] = [
  discovery("youtube", "youtube.channels.list"),
  discovery("youtube", "youtube.playlistItems.list"),
  discovery("youtube", "youtube.videos.list"),
  discovery("youtubeAnalytics", "youtubeAnalytics.reports.query"),
  discovery("youtubeReporting", "youtubereporting.jobs.list"),
  discovery("youtubeReporting", "youtubereporting.jobs.create"),
  discovery("youtubeReporting", "youtubereporting.jobs.reports.list"),
  discovery("youtubeReporting", "youtubereporting.media.download"),
  discovery("sheets", "sheets.spreadsheets.create"),
  discovery("sheets", "sheets.spreadsheets.get"),
  discovery("sheets", "sheets.spreadsheets.batchUpdate"),
  discovery("sheets", "sheets.spreadsheets.values.update"),
  discovery("sheets", "sheets.spreadsheets.values.append"),
  discovery("sheets", "sheets.spreadsheets.values.clear"),
  discovery("drive", "drive.about.get"),
  discovery("drive", "drive.files.list"),
  discovery("drive", "drive.files.get"),
  discovery("drive", "drive.files.delete"),
  discovery("oauth2", "oauth2.userinfo.get"),
  { id: "oauth.token", kind: "reference", contract: oauthTokenContract },
  { id: "resend.emails.send", kind: "openapi", doc: "resend", method: "POST", path: "/emails" },
  ...Object.entries(simplecastContracts).map(
    ([id, contract]): Operation => ({ id, kind: "reference", contract }),
  ),
];

/** Which operations each client method sends ("Class.method" or "module.function"). */
export const clientCalls: Record<string, string[]> = {
  "YouTubeClient.channelByHandle": ["youtube.channels.list"],
  "YouTubeClient.channelsById": ["youtube.channels.list"],
  "YouTubeClient.uploadIds": ["youtube.playlistItems.list"],
  "YouTubeClient.videos": ["youtube.videos.list"],
  "ownerChannel.ownChannel": ["youtube.channels.list"],
  "YouTubeAnalyticsClient.daily": ["youtubeAnalytics.reports.query"],
  "YouTubeAnalyticsClient.videoTotals": ["youtubeAnalytics.reports.query"],
  "YouTubeReportingClient.ensureJob": [
    "youtubereporting.jobs.list",
    "youtubereporting.jobs.create",
  ],
  "YouTubeReportingClient.reportsSince": ["youtubereporting.jobs.reports.list"],
  "YouTubeReportingClient.download": ["youtubereporting.media.download"],
  "SimplecastClient.podcasts": ["simplecast.podcasts.list"],
  "SimplecastClient.podcast": ["simplecast.podcasts.get"],
  "SimplecastClient.episodes": ["simplecast.episodes.list"],
  "SimplecastClient.episodeDailyDownloads": ["simplecast.analytics.downloads"],
  "SimplecastClient.podcastDailyDownloads": ["simplecast.analytics.downloads"],
  "SimplecastClient.episodeListeners": ["simplecast.analytics.listeners"],
  "SheetsClient.create": ["sheets.spreadsheets.create"],
  "SheetsClient.outline": ["sheets.spreadsheets.get"],
  "SheetsClient.formatDates": ["sheets.spreadsheets.batchUpdate"],
  "SheetsClient.addTab": ["sheets.spreadsheets.batchUpdate"],
  "SheetsClient.clear": ["sheets.spreadsheets.values.clear"],
  "SheetsClient.write": ["sheets.spreadsheets.values.update"],
  "SheetsClient.append": ["sheets.spreadsheets.values.append"],
  "drive.getQuota": ["drive.about.get"],
  "drive.listFiles": ["drive.files.list"],
  "drive.isTrashed": ["drive.files.get"],
  "drive.deleteFile": ["drive.files.delete"],
  "oauth.exchangeCode": ["oauth.token"],
  "oauth.refreshAccess": ["oauth.token"],
  "oauth.fetchAccountEmail": ["oauth2.userinfo.get"],
  "ResendSender.send": ["resend.emails.send"],
};

/** Members of the client classes and modules that send nothing themselves. */
export const notCalls = new Set([
  "YouTubeClient.quotaUnits",
  "YouTubeClient.get",
  "YouTubeClient.toChannel",
  "YouTubeClient.uploadPages",
  "YouTubeAnalyticsClient.requests",
  "YouTubeAnalyticsClient.query",
  "YouTubeReportingClient.requests",
  "YouTubeReportingClient.call",
  "YouTubeReportingClient.json",
  "SimplecastClient.url",
  "SimplecastClient.get",
  "SimplecastClient.all",
  "SimplecastClient.daily",
  "SheetsClient.call",
  // One request of ResendSender.send's (a retry repeats it), checked as resend.emails.send.
  "ResendSender.attempt",
  "drive.driveQuotaSchema",
  "drive.driveFileSchema",
  "drive.DriveError",
  // Builds the consent URL the browser is sent to; the sandbox consent page checks its fields.
  "oauth.createAuthorization",
  "oauth.googleCredentials",
  "oauth.GoogleAuthError",
  "oauth.GOOGLE_SCOPES",
  "oauth.DRIVE_FILE_SCOPE",
  "oauth.REQUIRED_GRANTS",
  "oauth.OWNER_SCOPES",
  "oauth.missingGrants",
]);

const docs = () => env.OFFICIAL_DOCS as Record<DocName, DiscoveryDoc> & { resend: OpenApiDoc };

/** The operation an exchange belongs to, or undefined (a call without a contract). */
export function operationOf(exchange: Exchange): Operation | undefined {
  const url = new URL(exchange.url);
  return operations.find((op) => {
    if (op.kind === "reference") return op.contract.matches(exchange, url);
    if (op.kind === "openapi")
      return (
        exchange.method === op.method &&
        url.pathname === op.path &&
        docs().resend.servers.some((s) => exchange.url.startsWith(s.url))
      );
    return matchMethod(docs()[op.doc], exchange.method, url)?.method.id === op.methodId;
  });
}

/** What is wrong with an exchange under its operation's contract ([] when it keeps it). */
export function checkExchange(op: Operation, exchange: Exchange): string[] {
  if (op.kind === "reference") return op.contract.check(exchange, new URL(exchange.url));
  if (op.kind === "openapi") return checkOpenApiExchange(docs().resend, exchange);
  return checkDiscoveryExchange(docs()[op.doc], exchange);
}
