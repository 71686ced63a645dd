import { describe, expect, it } from "vitest";
import { tableQuerySchema } from "../../../shared/schemas/tables";
import { keysetPages } from "../../../worker/features/tables/keyset";
import { createOrgWithMembers } from "../support/accounts";
import { contentOf, createChannel, createVideo } from "../support/factories";

/*
 * A whole-table download reads the table in keyset pages. Locally D1 answers inside the Worker's
 * own workerd process, so a chain of page reads never waits on a socket, and workerd fires timers
 * and reads its sockets only when nothing else is ready: without a turn between pages, a
 * 100,000-row download would keep every other request waiting until it ended. A timer set as the
 * download starts stands for those requests: it must get its turn before the last page.
 */
describe("whole-table downloads", () => {
  it.each([
    ["views", "a value sort"],
    ["channelTitle", "a parent-title sort"],
  ])("let other work run between the pages they read (%s, %s)", async (sort) => {
    const { org } = await createOrgWithMembers();
    const channel = await createChannel(org.id);
    for (let i = 0; i < 7; i++) await createVideo(org.id, channel.id);
    const seen: string[] = [];
    const other = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => {
      seen.push("other work");
    });
    const query = tableQuerySchema.parse({ sort, dir: "desc" });
    const db = await contentOf(org.id);
    for await (const rows of keysetPages(db, org.id, "videos", query, Date.now(), 3))
      seen.push(`${rows.length} videos`);
    await other;
    expect(seen.filter((s) => s !== "other work")).toEqual(["3 videos", "3 videos", "1 videos"]);
    expect(seen.at(-1)).not.toBe("other work");
  });
});
