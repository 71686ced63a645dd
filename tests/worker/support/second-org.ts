import { expect } from "vitest";
import { schema } from "../../../worker/db/client";
import { type ApiRoute, apiRoutes, fillPath } from "../fuzz/route-table";
import { contentOf } from "./factories";
import { call, handle } from "./http";
import { deliver } from "./jobs";
import { allTime, createPreview, mergeNone, orgWithPairedContent } from "./multichannel";
import { everyId, expectUnchanged, oneIdOfEachKind, snapshotOf } from "./org-snapshot";

/*
 * Isolation checked with data (issue 20): a second organisation with look-alike content (the
 * same demo channel and podcast, so the same external ids and titles as ours), and the checks
 * every feature folder runs against it. Rows are told apart by their own ids, never by titles.
 */

export { expectUnchanged, type Snapshot, snapshotOf } from "./org-snapshot";
export type PairedOrg = Awaited<ReturnType<typeof orgWithPairedContent>>;
/** A body with every id field a route may read set to `id` (unknown fields are refused or ignored). */
export const bodyWith = (id: string) => ({
  ids: [id],
  selectedEntities: [id],
  selectedChannels: [id],
  selectedShows: [id],
  title: "Foreign ids",
  platform: "youtube",
  dateRange: allTime,
  mergeOptions: mergeNone,
  frequency: "daily",
  dayOfWeek: null,
  dayOfMonth: null,
  scheduledTime: "06:00",
  isPersistent: true,
  destination: { kind: "existing", persistentSheetId: id, tabName: "Data" },
  role: "standard",
});

/** The organisation's routes that take an id in the path or a body; `under` picks a feature. */
export const idTakingRoutes = (under = /^\/api\/orgs\/:orgId\//) =>
  apiRoutes().filter(
    (r) =>
      under.test(r.path) &&
      !r.path.endsWith("/socket") &&
      (r.params.length > 1 || r.json || r.query),
  );

export type Aim = {
  /** Values for a path parameter that is not an id (e.g. a detail's kind). */
  params?: Record<string, readonly string[]>;
  /** The query a route is called with, given the id (ids in filters, or what it needs to run). */
  query?: (route: ApiRoute, id: string) => string;
  /** The JSON body, given the id (bodyWith by default). */
  body?: (route: ApiRoute, id: string) => unknown;
};

/** Calls `route` in our organisation with `id` in every id slot, once per non-id param value. */
export async function aimAt(route: ApiRoute, orgId: string, token: string, id: string, aim: Aim) {
  const others = route.params.filter((p) => p !== "orgId");
  const choices = others.map((p) => aim.params?.[p] ?? [id]);
  const combos = choices.reduce<string[][]>(
    (acc, values) => acc.flatMap((a) => values.map((v) => [...a, v])),
    [[]],
  );
  const answers: Array<{ label: string; status: number; text: string }> = [];
  for (const combo of combos) {
    const path = fillPath(route.path, {
      orgId,
      ...Object.fromEntries(others.map((p, i) => [p, combo[i]!])),
    });
    const qs = aim.query?.(route, id) ?? "";
    const { res, text } = await handle(
      new Request(`http://localhost${path}${qs}`, {
        method: route.method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(route.json ? { "content-type": "application/json" } : {}),
        },
        body: route.json ? JSON.stringify(aim.body?.(route, id) ?? bodyWith(id)) : undefined,
        redirect: "manual",
      }),
    );
    answers.push({ label: `${route.method} ${path}${qs}`, status: res.status, text });
  }
  return answers;
}

/**
 * A generated report (files in R2), a daily schedule with a queued run, a queued refresh job and
 * a Multi-Channel preview in `org`.
 */
export async function addReportScheduleAndPreview(org: PairedOrg) {
  const base = `/api/orgs/${org.org.id}`;
  const entities = { platform: "youtube", dateRange: allTime, selectedEntities: [org.channel.id] };
  const report = await call(`${base}/reports`, {
    body: { title: "Look-alike report", ...entities },
    token: org.token,
  });
  const reportId = (report.json as { report: { id: string } }).report.id;
  await deliver([{ type: "report.generate", organizationId: org.org.id, reportId }]);
  const schedule = await call(`${base}/reports/schedules`, {
    body: {
      title: "Look-alike schedule",
      ...entities,
      frequency: "daily",
      scheduledTime: "06:00",
      isPersistent: false,
    },
    token: org.token,
  });
  if (schedule.status !== 201) throw new Error(`schedule: ${schedule.status} ${schedule.text}`);
  const scheduleId = (schedule.json as { schedule: { id: string } }).schedule.id;
  // Work still on its way (what the cron and Refresh leave queued), for dead letters to aim at.
  const content = await contentOf(org.org.id);
  await content
    .insert(schema.scheduleRuns)
    .values({ organizationId: org.org.id, scheduleId, slot: "2026-11-23T06:00:00.000Z" });
  await content.insert(schema.ingestionJobs).values({
    organizationId: org.org.id,
    kind: "refresh.channel",
    target: { channelId: org.channel.id },
    createdByUserId: org.admin.user.id,
  });
  const previewId = await createPreview(org.org.id, org.token, {
    title: "Look-alike preview",
    dateRange: allTime,
    selectedChannels: [org.channel.id],
    selectedShows: [org.show.id],
    mergeOptions: mergeNone,
  });
  return { reportId, previewId };
}

/** The other organisation: look-alike content plus a generated report, a schedule and a preview. */
export async function otherOrgWithEveryKind() {
  const other = await orgWithPairedContent();
  await addReportScheduleAndPreview(other);
  const invited = await call(`/api/orgs/${other.org.id}/members`, {
    body: { email: `invitee-${other.org.id.slice(0, 8)}@example.com`, role: "standard" },
    token: other.admin.session.accessToken,
  });
  if (invited.status !== 201) throw new Error(`invite: ${invited.status} ${invited.text}`);
  const snapshot = await snapshotOf(other.org.id);
  const users = [other.admin.user.id, other.member.user.id];
  return {
    ...other,
    snapshot,
    /** One id of each kind, and its users: what the id-taking routes are called with. */
    aimIds: [...oneIdOfEachKind(snapshot), ...users],
    /** Every id it owns: none may show in our answers. */
    strangers: [...everyId(snapshot), ...users],
  };
}
export type OtherOrg = Awaited<ReturnType<typeof otherOrgWithEveryKind>>;

/** A read of ours: a GET path under /api/orgs/:orgId ("" is the organisation), or a reading POST. */
export type Read = string | { path: string; body: unknown };
const keyOf = (read: Read) =>
  typeof read === "string" ? read : `POST ${read.path} ${JSON.stringify(read.body)}`;

/** Our answers to `reads`, made by our admin (who may read everything), keyed by path and body. */
export async function readAll(own: PairedOrg, reads: readonly Read[]) {
  const answers: Record<string, { status: number; text: string }> = {};
  for (const read of reads) {
    const path = typeof read === "string" ? read : read.path;
    const body = typeof read === "string" ? undefined : read.body;
    const url = `/api/orgs/${own.org.id}${path ? `/${path}` : ""}`;
    const r = await call(url, { token: own.admin.session.accessToken, body });
    answers[keyOf(read)] = { status: r.status, text: r.text };
  }
  return answers;
}

/** Our answers to `reads` are all 200 and byte for byte what they were before; none names its rows. */
export async function expectReadsAsBefore(
  own: PairedOrg,
  reads: readonly Read[],
  before: Awaited<ReturnType<typeof readAll>>,
  other: OtherOrg,
) {
  for (const [path, answer] of Object.entries(before)) expect(answer.status, path).toBe(200);
  const after = await readAll(own, reads);
  expect(after).toEqual(before);
  expectNoStrangers(textsOf(after), other);
}

/** None of the other organisation's ids in any answer (bar the id a call itself carried). */
export function expectNoStrangers(texts: Record<string, string>, other: OtherOrg, sent?: string) {
  for (const [label, text] of Object.entries(texts))
    for (const id of other.strangers)
      if (id !== sent) expect(text, `${label} shows ${id}`).not.toContain(id);
}

/**
 * Every route in `routes` called by our admin, in our organisation, with each of the other
 * organisation's ids: no 5xx, a read by path id finds nothing (4xx), no answer carries its ids, and
 * afterwards every row and file it owns is exactly as it was, and none of our `ownReads` (paths
 * under our organisation) names any of its rows.
 */
export async function expectIdRoutesLeaveOtherUntouched(
  routes: ApiRoute[],
  own: PairedOrg,
  other: OtherOrg,
  aim: Aim = {},
  ownReads: readonly Read[] = [],
) {
  expect(routes.length).toBeGreaterThan(0);
  let calls = 0;
  for (const route of routes)
    for (const id of other.aimIds)
      for (const answer of await aimAt(route, own.org.id, own.admin.session.accessToken, id, aim)) {
        const detail = `${answer.label}: ${answer.status} ${answer.text.slice(0, 200)}`;
        expect(answer.status, detail).toBeLessThan(500);
        // An id in the path of a read names something we do not have.
        if (route.method === "GET" && route.params.length > 1)
          expect(answer.status, detail).toBeGreaterThanOrEqual(400);
        expectNoStrangers({ [answer.label]: answer.text }, other, id);
        calls++;
      }
  expect(calls).toBeGreaterThanOrEqual(routes.length * other.aimIds.length);
  await expectUnchanged(other.org.id, other.snapshot);
  // Nothing those calls made in our organisation (a job, a report) points at its rows.
  expectNoStrangers(textsOf(await readAll(own, ownReads)), other);
}

export const textsOf = (answers: Awaited<ReturnType<typeof readAll>>) =>
  Object.fromEntries(Object.entries(answers).map(([path, a]) => [path, a.text]));
