import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SheetsClient, SheetsError } from "../../../worker/providers/google/sheets";
import { providerFetch } from "../../../worker/providers/transport";
import { accessTokenFor } from "../../../worker/sandbox/google/tokens";
import { failureOf } from "../support/errors";

/*
 * A full Drive refuses a new spreadsheet with 403 PERMISSION_DENIED. Google's error answers carry
 * the `errors[]` list (and its storageQuotaExceeded reason) only some of the time, so the client
 * knows a full Drive by its message too, and says what to do: free up space.
 */

const create = (account: string) =>
  new SheetsClient(providerFetch(env), accessTokenFor(account)).create(
    "Weekly",
    [{ title: "Data", columns: 2 }],
    "UTC",
  );

describe("a full Drive", () => {
  it("is told apart with the reason and without it", async () => {
    for (const account of ["quota.full@gmail.com", "quota-bare@gmail.com"]) {
      const error = await failureOf(create(account), SheetsError);
      expect(error).toMatchObject({ kind: "storage_quota", status: 403 });
      expect(error.message).toContain("Free up space in Drive");
    }
  });

  it("answers the bare form without errors[] for quota-bare accounts", async () => {
    const res = await providerFetch(env)("https://sheets.googleapis.com/v4/spreadsheets", {
      method: "POST",
      headers: {
        authorization: `Bearer ${accessTokenFor("quota-bare@gmail.com")}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ properties: { title: "Weekly" } }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: {
        code: 403,
        message: "The user's Drive storage quota has been exceeded.",
        status: "PERMISSION_DENIED",
      },
    });
  });
});
