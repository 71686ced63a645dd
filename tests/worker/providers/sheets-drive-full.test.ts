import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { storageQuotaResponseSchema } from "../../../shared/schemas/storage";
import { SheetsClient, SheetsError } from "../../../worker/providers/google/sheets";
import { providerFetch } from "../../../worker/providers/transport";
import { accessTokenFor } from "../../../worker/sandbox/google/tokens";
import { createOrgWithMembers } from "../support/accounts";
import { failureOf } from "../support/errors";
import { connectGoogle } from "../support/google";
import { call } from "../support/http";

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

  it("says what to do whichever call was refused, and the storage page shows the Drive full", async () => {
    const account = `quota-${crypto.randomUUID().slice(0, 6)}@gmail.com`;
    const error = await failureOf(create(account), SheetsError);
    expect(error).toMatchObject({
      message:
        "The connected Google account's Drive is full, so Google would not store the export. Free up space in Drive (Admin storage) and try again.",
    });
    const { org, admin } = await createOrgWithMembers();
    await connectGoogle(org.id, admin.session.accessToken, account);
    const r = await call(`/api/orgs/${org.id}/storage/quota`, { token: admin.session.accessToken });
    const { quota } = storageQuotaResponseSchema.parse(r.json);
    expect(Number(quota.usage)).toBeGreaterThanOrEqual(Number(quota.limit));
  });
});
