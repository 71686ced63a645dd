import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DriveError, deleteFile, listFiles } from "../../../worker/providers/google/drive";
import { SheetsClient } from "../../../worker/providers/google/sheets";
import { providerFetch } from "../../../worker/providers/transport";
import { loadDrive } from "../../../worker/sandbox/google/drive-state";
import { accessTokenFor } from "../../../worker/sandbox/google/tokens";
import { failureOf } from "../support/errors";

const account = () => `drive-${crypto.randomUUID().slice(0, 8)}@gmail.com`;
const list = async (who: string, query: string) => {
  const res = await providerFetch(env)(`https://www.googleapis.com/drive/v3/files?${query}`, {
    headers: { authorization: `Bearer ${accessTokenFor(who)}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe("Drive under the drive.file scope", () => {
  it("lists only the files this app created; the person's own files stay out of sight", async () => {
    const who = account();
    const all = await loadDrive(env.FILES, who);
    const mine = all.filter((f) => f.createdByApp);
    expect(mine.length).toBeLessThan(all.length);
    const seen = [];
    let pageToken: string | undefined;
    do {
      const page = await listFiles(providerFetch(env), accessTokenFor(who), pageToken);
      seen.push(...page.files);
      pageToken = page.nextPageToken;
    } while (pageToken);
    expect(seen.map((f) => f.id).sort()).toEqual(mine.map((f) => f.id).sort());
    // Newest first, as the client asks (orderBy=createdTime desc).
    const times = seen.map((f) => Date.parse(f.createdTime!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // A file the app did not create cannot be deleted: Drive answers as if it did not exist.
    const theirs = all.find((f) => !f.createdByApp)!;
    expect(
      await failureOf(deleteFile(providerFetch(env), accessTokenFor(who), theirs.id), DriveError),
    ).toMatchObject({ status: 404, reason: "notFound" });
  });

  it("shows a spreadsheet the app creates at once", async () => {
    const who = account();
    const sheets = new SheetsClient(providerFetch(env), accessTokenFor(who));
    const { spreadsheetId } = await sheets.create(
      "Fresh export",
      [{ title: "A", columns: 3 }],
      "UTC",
    );
    const page = await listFiles(providerFetch(env), accessTokenFor(who));
    expect(page.files[0]).toMatchObject({ id: spreadsheetId, name: "Fresh export" });
  });

  it("honours q, orderBy and fields, and refuses what it does not understand", async () => {
    const who = account();
    const csv = await list(
      who,
      `q=${encodeURIComponent("mimeType = 'text/csv' and trashed = false")}&orderBy=name&fields=files(name)`,
    );
    const names = (csv.body.files as Array<Record<string, unknown>>).map((f) => f.name as string);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => n.endsWith(".csv"))).toBe(true);
    expect(names).toEqual([...names].sort());
    expect(Object.keys(csv.body)).toEqual(["files"]);
    expect((csv.body.files as object[]).every((f) => Object.keys(f).join() === "name")).toBe(true);
    // Without fields Drive sends only kind, id, name and mimeType of each file.
    const plain = await list(who, "pageSize=2");
    expect(Object.keys((plain.body.files as object[])[0]!).sort()).toEqual([
      "id",
      "kind",
      "mimeType",
      "name",
    ]);
    expect(plain.body.nextPageToken).toEqual(expect.any(String));
    const contains = await list(
      who,
      `q=${encodeURIComponent("name contains 'locked'")}&fields=files(name)`,
    );
    expect(contains.body.files).toEqual([{ name: "Quarterly export (locked)" }]);
    for (const [query, location] of [
      [`q=${encodeURIComponent("starred = true")}`, "q"],
      ["orderBy=popularity", "orderBy"],
      ["pageSize=5000", "pageSize"],
    ] as const) {
      const refused = await list(who, query);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error: { code: 400, errors: [{ reason: "invalid", location }] },
      });
    }
  });
});
