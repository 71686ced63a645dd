import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DriveError, isTrashed, listFiles } from "../../../worker/providers/google/drive";
import { SheetsClient } from "../../../worker/providers/google/sheets";
import { providerFetch } from "../../../worker/providers/transport";
import { loadDrive } from "../../../worker/sandbox/google/drive-state";
import { accessTokenFor } from "../../../worker/sandbox/google/tokens";
import { type Exchange, sandboxTraffic } from "../../../worker/sandbox/traffic";
import { checkDiscoveryExchange, type DiscoveryDoc } from "../contract/discovery";
import { failureOf } from "../support/errors";

/*
 * The Drive emulator's trash: files.update {trashed} (what Drive's web UI "Remove" does) and
 * files.get's `trashed`, checked against drive.v3.json, and the refusals Drive gives.
 */

const who = () => `drive-trash-${crypto.randomUUID().slice(0, 8)}@gmail.com`;
const FILES = "https://www.googleapis.com/drive/v3/files";
const send = async (account: string, path: string, init: RequestInit = {}) => {
  const res = await providerFetch(env)(`${FILES}/${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${accessTokenFor(account)}`,
      "content-type": "application/json",
    },
  });
  return { status: res.status, body: (await res.json()) as { error?: { message: string } } };
};
const patch = (account: string, path: string, body: unknown) =>
  send(account, path, { method: "PATCH", body: JSON.stringify(body) });
const drive = () => (env.OFFICIAL_DOCS as { drive: DiscoveryDoc }).drive;

describe("trashing a file in the emulated Drive", () => {
  it("keeps its id, reads as trashed, leaves the untrashed listing, and can be restored", async () => {
    const account = who();
    const { spreadsheetId } = await new SheetsClient(
      providerFetch(env),
      accessTokenFor(account),
    ).create("To trash", [{ title: "Data", columns: 2 }], "UTC");
    const token = accessTokenFor(account);
    const listed = async () =>
      (await listFiles(providerFetch(env), token, undefined, 1000)).files.map((f) => f.id);

    sandboxTraffic.start();
    let traffic: Exchange[];
    try {
      expect(await isTrashed(providerFetch(env), token, spreadsheetId)).toBe(false);
      expect(await patch(account, spreadsheetId, { trashed: true })).toEqual({
        status: 200,
        body: {
          kind: "drive#file",
          id: spreadsheetId,
          name: "To trash",
          mimeType: "application/vnd.google-apps.spreadsheet",
        },
      });
      expect(await isTrashed(providerFetch(env), token, spreadsheetId)).toBe(true);
      expect(await send(account, `${spreadsheetId}?fields=id,name,trashed`)).toEqual({
        status: 200,
        body: { id: spreadsheetId, name: "To trash", trashed: true },
      });
    } finally {
      traffic = sandboxTraffic.stop();
    }
    // The requests and the answers keep drive.v3.json (files.get, files.update).
    expect(traffic.map((e) => e.method)).toEqual(["GET", "PATCH", "GET", "GET"]);
    expect(traffic.flatMap((e) => checkDiscoveryExchange(drive(), e))).toEqual([]);
    expect(await listed()).not.toContain(spreadsheetId);

    await patch(account, `${spreadsheetId}?fields=trashed`, { trashed: false });
    expect(await isTrashed(providerFetch(env), token, spreadsheetId)).toBe(false);
    expect(await listed()).toContain(spreadsheetId);
  });

  it("refuses what Drive refuses", async () => {
    const account = who();
    const mine = (await loadDrive(env.FILES, account)).filter((f) => f.createdByApp);
    const locked = mine.find((f) => f.name.includes("(locked)"))!;
    const plain = mine.find((f) => !f.name.includes("(locked)"))!;
    const personal = (await loadDrive(env.FILES, account)).find((f) => !f.createdByApp)!;

    // A file the app did not create is invisible under drive.file: 404, to read or to change.
    for (const attempt of [
      send(account, `${personal.id}?fields=trashed`),
      patch(account, personal.id, { trashed: true }),
      send(account, "no-such-file?fields=trashed"),
    ])
      expect(await attempt).toMatchObject({ status: 404, body: { error: { code: 404 } } });
    expect(
      await failureOf(isTrashed(providerFetch(env), accessTokenFor(account), "gone"), DriveError),
    ).toMatchObject({ status: 404, reason: "notFound" });
    // A field the emulator does not keep, a wrong type, no object: 400 naming the problem.
    expect(await patch(account, plain.id, { starred: true })).toMatchObject({
      status: 400,
      body: {
        error: {
          message: 'Invalid JSON payload received. Unknown name "starred": Cannot find field.',
        },
      },
    });
    expect(await patch(account, plain.id, { trashed: "yes" })).toMatchObject({
      status: 400,
      body: { error: { message: "Invalid JSON payload received. Invalid value at 'trashed'." } },
    });
    expect((await patch(account, plain.id, [])).status).toBe(400);
    expect((await send(account, `${plain.id}?fields=trashed(`)).status).toBe(400);
    expect((await send(account, `${plain.id}?alt=media`)).status).toBe(400);
    // One the connected account may not change.
    expect(await patch(account, locked.id, { trashed: true })).toMatchObject({
      status: 403,
      body: { error: { code: 403 } },
    });
    // Nothing refused changed anything.
    const after = await loadDrive(env.FILES, account);
    expect(after.filter((f) => f.trashed)).toEqual([]);
  });
});
