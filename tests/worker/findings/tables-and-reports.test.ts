import { describe, expect, it } from "vitest";
import { tableNames } from "../../../shared/schemas/tables";
import { createOrgWithMembers } from "../support/accounts";
import { createChannel, createVideo } from "../support/factories";
import { call, envelope } from "../support/http";

/*
 * Findings of the route-by-route probe (issue 14) in the tables and reports areas: each test
 * failed before its fix.
 */

const PROTOTYPE_KEYS = ["constructor", "__proto__", "toString", "valueOf", "hasOwnProperty"];

describe("table sort keys", () => {
  it("a key of Object.prototype is an unknown column (400 naming sort), never a 500", async () => {
    const { org, member } = await createOrgWithMembers();
    const channel = await createChannel(org.id);
    await createVideo(org.id, channel.id);
    for (const table of tableNames) {
      for (const sort of PROTOTYPE_KEYS) {
        for (const extra of ["", "&merge=1"]) {
          const r = await call(
            `/api/orgs/${org.id}/tables/${table}?sort=${encodeURIComponent(sort)}${extra}`,
            { token: member.session.accessToken },
          );
          expect(r.status, `${table} sort=${sort}${extra}: ${r.text}`).toBe(400);
          expect(envelope(r.json).field).toBe("sort");
        }
      }
    }
  }, 60_000);
});

describe("table exports", () => {
  it("a refused export is an error answer, never 200 with an empty attachment", async () => {
    const { org, member } = await createOrgWithMembers();
    for (const sort of ["noSuchColumn", "constructor"]) {
      const r = await call(`/api/orgs/${org.id}/tables/videos/export?format=csv&sort=${sort}`, {
        token: member.session.accessToken,
      });
      expect(r.status, r.text).toBe(400);
      expect(r.res.headers.get("content-disposition")).toBeNull();
      expect(envelope(r.json).field).toBe("sort");
    }
  });

  it("a good export still streams the whole table with its header row", async () => {
    const { org, member } = await createOrgWithMembers();
    const channel = await createChannel(org.id);
    await createVideo(org.id, channel.id);
    await createVideo(org.id, channel.id);
    const r = await call(`/api/orgs/${org.id}/tables/videos/export?format=csv`, {
      token: member.session.accessToken,
    });
    expect(r.status).toBe(200);
    expect(r.res.headers.get("content-disposition")).toMatch(
      /attachment; filename="youtube_videos/,
    );
    expect(r.text.trim().split("\r\n")).toHaveLength(3);
  });
});

describe("creating a report", () => {
  it("the same report submitted twice at once creates one report", async () => {
    const { org, member } = await createOrgWithMembers();
    const channel = await createChannel(org.id);
    const body = {
      title: "Weekly numbers",
      platform: "youtube",
      dateRange: { type: "30days", range: null },
      selectedEntities: [channel.id],
    };
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        call(`/api/orgs/${org.id}/reports`, { body, token: member.session.accessToken }),
      ),
    );
    for (const a of answers) expect([200, 201], a.text).toContain(a.status);
    const ids = new Set(answers.map((a) => (a.json as { report: { id: string } }).report.id));
    expect(ids.size).toBe(1);
    const list = await call(`/api/orgs/${org.id}/reports?platform=youtube`, {
      token: member.session.accessToken,
    });
    const reports = (list.json as { reports: Array<{ title: string }> }).reports;
    expect(reports.filter((r) => r.title === "Weekly numbers")).toHaveLength(1);

    // A deliberate second report with other settings is still created.
    const other = await call(`/api/orgs/${org.id}/reports`, {
      body: { ...body, dateRange: { type: "7days", range: null } },
      token: member.session.accessToken,
    });
    expect(other.status).toBe(201);
  });
});
