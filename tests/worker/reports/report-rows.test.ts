import { describe, expect, it } from "vitest";
import { schema } from "../../../worker/db/client";
import { childPages, reportLayout } from "../../../worker/features/reports/report-data";
import { createShow } from "../db/org-fixture";
import { createOrgWithMembers } from "../support/accounts";
import { contentOf, createChannel } from "../support/factories";
import { call } from "../support/http";

const day = 86_400_000;
const everything = { start: new Date(0), end: new Date("2100-01-01T00:00:00.000Z") };

/** The report's pages over everything `selected` holds, beside the table's JSON download, newest first. */
async function expectReportIsDownload(
  args: { orgId: string; token: string; selected: string; pageSize?: number },
  platform: "youtube" | "simplecast",
  rowCount: number,
) {
  const content = await contentOf(args.orgId);
  const report: unknown[] = [];
  for await (const rows of childPages(
    content,
    args.orgId,
    platform,
    [args.selected],
    everything,
    args.pageSize,
  ))
    report.push(...rows);
  const download = await call(
    `/api/orgs/${args.orgId}/tables/${reportLayout[platform].child}/export?format=json&sort=publishDate&dir=desc`,
    { token: args.token },
  );
  expect(report).toHaveLength(rowCount);
  expect(JSON.stringify(report)).toBe(JSON.stringify(download.json));
}

/**
 * A report's data.json and a table's JSON download of the same rows must agree: every field, null
 * or not, in the same order, byte for byte. Report pages are read by their own statements
 * (report-data.ts), so nothing else keeps the two in step.
 */
describe("a report's rows", () => {
  it("are the Videos table's rows, field for field and in the same order", async () => {
    const { org, member } = await createOrgWithMembers();
    const channel = await createChannel(org.id);
    const content = await contentOf(org.id);
    for (let i = 0; i < 7; i++)
      await content.insert(schema.videos).values({
        organizationId: org.id,
        channelId: channel.id,
        externalId: `row-${i}`,
        title: i === 3 ? 'Café – 東京 "quoted" =1+1' : `Row ${i}`,
        views: 1000 * i,
        likes: i,
        comments: i % 2,
        durationSeconds: i === 2 ? null : 60 * i,
        publishDate: new Date(Date.UTC(2026, 0, 1) + i * day + 123),
        first24hViews: i === 4 ? null : i * 10,
        trailing1wViews: i % 3 === 0 ? null : i * 7,
        windowSource: i % 2 === 0 ? "owner" : "public",
        watchMinutes: i % 2 === 0 ? i * 90 : null,
        averageViewDuration: i % 2 === 0 ? 42 + i : null,
        lastUpdated: i === 5 ? null : new Date(Date.UTC(2026, 10, 1, 8, 30, 15, i)),
      });
    await expectReportIsDownload(
      { orgId: org.id, token: member.session.accessToken, selected: channel.id, pageSize: 3 },
      "youtube",
      7,
    );
  });

  it("are the Episodes table's rows, field for field and in the same order", async () => {
    const { org, member } = await createOrgWithMembers();
    const show = await createShow(org.id);
    const content = await contentOf(org.id);
    for (let i = 0; i < 5; i++)
      await content.insert(schema.episodes).values({
        organizationId: org.id,
        showId: show.id,
        externalId: `ep-${i}`,
        title: `Episode ${i}`,
        publishDate: new Date(Date.UTC(2026, 2, 1) + i * day),
        durationSeconds: i === 1 ? null : 1800 + i,
        seasonNumber: i === 0 ? null : 2,
        episodeNumber: i,
        totalDownloadsGlobal: 500 * i,
        first7dDownloads: i === 2 ? null : 40 * i,
        trailing1yDownloads: i * 3,
      });
    await expectReportIsDownload(
      { orgId: org.id, token: member.session.accessToken, selected: show.id },
      "simplecast",
      5,
    );
  });
});
