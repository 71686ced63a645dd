import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ResendSender } from "../../../worker/providers/email/resend";
import { resendEmulatorFetch } from "../../../worker/providers/email/resend-emulator";
import { SheetsClient } from "../../../worker/providers/google/sheets";
import { SimplecastClient } from "../../../worker/providers/simplecast/client";
import { providerFetch } from "../../../worker/providers/transport";
import { YouTubeClient } from "../../../worker/providers/youtube/client";
import { accessTokenFor } from "../../../worker/sandbox/google/tokens";
import { type Exchange, sandboxTraffic } from "../../../worker/sandbox/traffic";
import { checkExchange, operationOf } from "./operations";

/*
 * The contract checks must fail on a wrong emulator answer or a wrong request, not only pass on
 * right ones. Real exchanges are recorded, then broken the way an emulator (or a client) written
 * from a misreading would be, and each break must be reported.
 */

async function record(work: () => Promise<unknown>): Promise<Exchange[]> {
  sandboxTraffic.start();
  try {
    await work();
  } catch (error) {
    sandboxTraffic.stop();
    throw error;
  }
  return sandboxTraffic.stop();
}
const problemsOf = (e: Exchange) => checkExchange(operationOf(e)!, e);
// biome-ignore lint/suspicious/noExplicitAny: the test reaches into recorded answers to break them
type Answer = any;
const withAnswer = (e: Exchange, edit: (body: Answer) => void): Exchange => {
  const body: Answer = JSON.parse(e.responseBody);
  edit(body);
  return { ...e, responseBody: JSON.stringify(body) };
};
const withUrl = (e: Exchange, edit: (url: URL) => void): Exchange => {
  const url = new URL(e.url);
  edit(url);
  return { ...e, url: url.href };
};

describe("a wrong emulator answer fails the contract checks", () => {
  it("YouTube: numbers where int64 strings belong, unknown fields, a bad request", async () => {
    const [channels] = await record(() =>
      new YouTubeClient("AIza-sandbox-good-key", providerFetch(env)).channelByHandle("@x-contract"),
    );
    expect(problemsOf(channels!)).toEqual([]);
    const numeric = withAnswer(channels!, (b) => {
      b.items[0].statistics.subscriberCount = 1230;
    });
    expect(problemsOf(numeric).join()).toContain("items.0.statistics.subscriberCount");
    const invented = withAnswer(channels!, (b) => {
      b.items[0].statistics.subscribers = "1230";
    });
    expect(problemsOf(invented).join()).toMatch(/subscribers/);
    const badRequest = withUrl(channels!, (u) => u.searchParams.set("maxResults", "51"));
    expect(problemsOf(badRequest).join()).toContain("maxResults=51 is above 50");
    const unknown = withUrl(channels!, (u) => u.searchParams.set("handle", "@x"));
    expect(problemsOf(unknown)).toContain("unknown parameter handle");
    const badError = { ...channels!, status: 404, responseBody: '{"error":"not found"}' };
    expect(problemsOf(badError).length).toBeGreaterThan(0);
  });

  it("Sheets: a partial response holding fields it was not asked for", async () => {
    const who = `wrong-${crypto.randomUUID().slice(0, 6)}@gmail.com`;
    const sheets = new SheetsClient(providerFetch(env), accessTokenFor(who));
    const traffic = await record(async () => {
      const { spreadsheetId } = await sheets.create("W", [{ title: "T", columns: 2 }], "UTC");
      await sheets.outline(spreadsheetId);
    });
    const get = traffic.find((e) => e.method === "GET")!;
    expect(problemsOf(get)).toEqual([]);
    const ignoresFields = withAnswer(get, (b) => {
      b.spreadsheetId = "abc";
    });
    expect(problemsOf(ignoresFields).join()).toContain("spreadsheetId is outside fields=");
    const wrongType = withAnswer(get, (b) => {
      b.sheets[0].properties.gridProperties.rowCount = "1000";
    });
    expect(problemsOf(wrongType).join()).toContain("rowCount");
  });

  it("Simplecast and Resend: answers unlike their reference shapes", async () => {
    const sc = await record(() =>
      new SimplecastClient("sandbox-token", providerFetch(env)).podcasts(),
    );
    expect(problemsOf(sc[0]!)).toEqual([]);
    const stringCount = withAnswer(sc[0]!, (b) => {
      b.count = "4";
    });
    expect(problemsOf(stringCount).join()).toContain("count");
    const mail = await record(() =>
      new ResendSender("re_sandbox_w", "A <a@b.c>", undefined, resendEmulatorFetch).send({
        to: "x@example.com",
        subject: "s",
        text: "t",
        kind: "confirmation",
      }),
    );
    expect(problemsOf(mail[0]!)).toEqual([]);
    const numericId = withAnswer(mail[0]!, (b) => {
      b.id = 42;
    });
    expect(problemsOf(numericId).join()).toContain("id");
    const noSubject = { ...mail[0]!, requestBody: JSON.stringify({ from: "a@b.c", to: "x@y.z" }) };
    expect(problemsOf(noSubject).join()).toContain("subject");
    const longKey = {
      ...mail[0]!,
      requestHeaders: { ...mail[0]!.requestHeaders, "idempotency-key": "k".repeat(257) },
    };
    expect(problemsOf(longKey).join()).toContain("header Idempotency-Key");
  });
});
