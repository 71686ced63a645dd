import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SheetsClient } from "../../../worker/providers/google/sheets";
import { providerFetch } from "../../../worker/providers/transport";
import { sandboxSpreadsheet } from "../../../worker/sandbox/google/sheets-routes";
import { accessTokenFor } from "../../../worker/sandbox/google/tokens";

/*
 * Google counts Sheets requests per minute: 60 reads and 60 writes for each user, 300 of each for
 * the project (developers.google.com/sheets/api/limits). The emulator must refuse past them as
 * Google does, or a client that misjudges them passes every test and fails in production.
 * Each test runs at its own fake instant, minutes apart, so their counts never meet.
 */

const MINUTE = 60_000;
const account = () => `per-minute-${crypto.randomUUID().slice(0, 8)}@gmail.com`;
const at = (minutesAhead: number) =>
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + minutesAhead * 10 * MINUTE });
const request = (who: string, path: string, init: RequestInit = {}) =>
  providerFetch(env)(`https://sheets.googleapis.com/v4/spreadsheets${path}`, {
    ...init,
    headers: { authorization: `Bearer ${accessTokenFor(who)}`, "content-type": "application/json" },
  });
const create = (who: string) =>
  request(who, "", {
    method: "POST",
    body: JSON.stringify({
      properties: { title: "Quota" },
      sheets: [{ properties: { title: "Tab" } }],
    }),
  });
const write = (who: string, id: string) =>
  request(who, `/${id}/values/Tab!A1?valueInputOption=RAW`, {
    method: "PUT",
    body: JSON.stringify({ values: [["x"]] }),
  });
const read = (who: string, id: string) => request(who, `/${id}`);
const idOf = async (res: Response) =>
  ((await res.json()) as { spreadsheetId: string }).spreadsheetId;
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: number; status: string; message: string } }).error;

afterEach(() => {
  vi.useRealTimers();
});

describe("Google's per-minute Sheets quotas in the emulator", () => {
  it("refuses a user's 61st write within a minute, counts reads and other users apart, and frees the quota a minute on", async () => {
    at(1);
    const who = account();
    const id = await idOf(await create(who));
    for (let i = 1; i < 60; i++) expect((await write(who, id)).status).toBe(200);

    const refused = await write(who, id);
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toEqual({
      code: 429,
      status: "RESOURCE_EXHAUSTED",
      message:
        "Quota exceeded for quota metric 'Write requests' and limit 'Write requests per minute per user'.",
    });
    // Reads have their own quota; another user has their own.
    expect((await read(who, id)).status).toBe(200);
    expect((await create(account())).status).toBe(200);

    vi.setSystemTime(Date.now() + MINUTE - 1_000);
    expect((await write(who, id)).status).toBe(429);
    vi.setSystemTime(Date.now() + 1_001);
    expect((await write(who, id)).status).toBe(200);
  });

  it("refuses a user's 61st read within a minute", async () => {
    at(2);
    const who = account();
    const id = await idOf(await create(who));
    for (let i = 0; i < 60; i++) expect((await read(who, id)).status).toBe(200);
    const refused = await read(who, id);
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).message).toBe(
      "Quota exceeded for quota metric 'Read requests' and limit 'Read requests per minute per user'.",
    );
  });

  it("refuses the project's 301st write within a minute, whoever sends it", async () => {
    at(3);
    for (let user = 0; user < 5; user++) {
      const who = account();
      const id = await idOf(await create(who));
      for (let i = 1; i < 60; i++) expect((await write(who, id)).status).toBe(200);
    }
    const refused = await create(account());
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).message).toBe(
      "Quota exceeded for quota metric 'Write requests' and limit 'Write requests per minute'.",
    );
  });

  it("lets our client wait out the user's quota: 70 appends in a row all land", async () => {
    at(4);
    const who = account();
    const waits: number[] = [];
    // The client's waits move the fake clock, as real waits would move the real one.
    const sheets = new SheetsClient(providerFetch(env), accessTokenFor(who), {
      sleep: async (ms) => {
        waits.push(ms);
        vi.setSystemTime(Date.now() + ms);
      },
    });
    const { spreadsheetId } = await sheets.create("Quota", [{ title: "Tab", columns: 1 }], "UTC");
    for (let i = 0; i < 70; i++) await sheets.append(spreadsheetId, "Tab", [[`row ${i}`]]);
    const sheet = (await sandboxSpreadsheet(env.FILES, who, spreadsheetId))!;
    expect(sheet.sheets[0]!.values.map((r) => r[0])).toEqual(
      Array.from({ length: 70 }, (_, i) => `row ${i}`),
    );
    // The 60th write of the minute was the last one served before the client had to wait.
    expect(waits.length).toBeGreaterThan(0);
  });
});
