import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  baseUrl,
  createOrganization,
  newPage,
  signInToDashboard,
  useBrowser,
  useOrganization,
  waitForJob,
} from "./support.mjs";

const browser = useBrowser();
// Its own organisation: YouTube starts unconnected whatever other files did.
const own = useOrganization("Ingestion");

describe("YouTube ingestion from the dashboard", () => {
  test("Add Channel asks for a key first: an invalid key is refused, a sandbox key connects", async () => {
    const { context, page } = await newPage(browser());
    await signInToDashboard(page, own().admin);
    await page.getByRole("button", { name: "Add Channel" }).first().click();
    const connect = page.getByRole("dialog", { name: "Connect YouTube" });
    await connect.getByLabel("YouTube API key").fill("sandbox-invalid-key");
    await connect.getByRole("button", { name: "Connect" }).click();
    await page.getByText("Invalid API key or unable to connect to YouTube").waitFor();
    await connect.getByLabel("YouTube API key").fill("AIza-sandbox-e2e-key");
    await connect.getByRole("button", { name: "Connect" }).click();
    await page.getByText("YouTube integration connected successfully").waitFor();
    // Connected, the same button goes on to the channel dialog.
    await page.getByRole("dialog", { name: "Add YouTube Channel" }).waitFor();
    await context.close();
  });

  test("a URL without a handle is explained; a handle is ingested and its row appears", async () => {
    // An organisation of its own with YouTube already connected, as the previous test leaves it.
    const made = await createOrganization("Ingestion channel");
    await made.api.call("integrations/youtube/connect", { apiKey: "AIza-sandbox-e2e-key" });
    const { context, page } = await newPage(browser());
    await signInToDashboard(page, made.user);
    await page.getByRole("button", { name: "Add Channel" }).first().click();
    const add = page.getByRole("dialog", { name: "Add YouTube Channel" });
    await add.getByLabel("Channel URL").fill("https://www.youtube.com/channel/UC123");
    await add.getByRole("button", { name: "Add Channel" }).click();
    await add
      .getByRole("alert")
      .getByText("Please provide a handle-based URL like https://www.youtube.com/@channelname")
      .waitFor();
    await add.getByLabel("Channel URL").fill("https://www.youtube.com/@crosscast-e2e");
    await add.getByRole("button", { name: "Add Channel" }).click();
    await page.getByText("Channel added successfully").waitFor({ timeout: 20_000 });
    await page.getByTestId("table-row").filter({ hasText: "Crosscast E2e" }).waitFor();
    await page.getByTestId("recent-activity").getByText("succeeded").first().waitFor();
    // The same channel again (its handle in other letters' case) is already tracked: said in the
    // dialog, and no job is started.
    const jobsBefore = (await made.api.call("jobs")).jobs.length;
    await page.getByRole("button", { name: "Add Channel" }).first().click();
    await add.getByLabel("Channel URL").fill("https://www.youtube.com/@Crosscast-E2E");
    await add.getByRole("button", { name: "Add Channel" }).click();
    await add
      .getByRole("alert")
      .getByText("This channel is already tracked. Use Refresh to update its data.")
      .waitFor();
    assert.equal((await made.api.call("jobs")).jobs.length, jobsBefore);
    await context.close();
  });

  test("Add Shows marks the shows already tracked and counts the ones added", async () => {
    const made = await createOrganization("Ingestion shows");
    await made.api.call("integrations/simplecast/connect", { apiKey: "sandbox-shows-token" });
    const { podcasts } = await made.api.call("integrations/simplecast/podcasts");
    const { jobId } = await made.api.call("shows", { podcastIds: [podcasts[0].id] });
    await waitForJob(made.api, jobId);
    const { context, page } = await newPage(browser());
    await signInToDashboard(page, made.admin);
    await page.goto(`${baseUrl()}/dashboard?platform=simplecast`);
    await page.getByRole("button", { name: "Add Show" }).first().click();
    const add = page.getByRole("dialog");
    // The tracked one is ticked, cannot be picked again and says why.
    const tracked = add.getByRole("checkbox", { name: podcasts[0].title });
    await tracked.waitFor();
    assert.equal(await tracked.isChecked(), true);
    assert.equal(await tracked.isDisabled(), true);
    const describedBy = await tracked.getAttribute("aria-describedby");
    assert.equal(await page.locator(`[id="${describedBy}"]`).textContent(), "Already tracked");
    await add.getByRole("button", { name: /^Add Shows \(0\)/ }).waitFor();
    await add.getByRole("checkbox", { name: podcasts[1].title }).check();
    await add.getByRole("button", { name: /^Add Shows/ }).click();
    await page.getByText("Successfully added 1 show(s)").waitFor({ timeout: 30_000 });
    await context.close();
  });

  test("the platform tab is in the URL and a link opens it", async () => {
    const { context, page } = await newPage(browser());
    await signInToDashboard(page, own().user);
    await page.getByRole("tab", { name: "Simplecast" }).click();
    await page.waitForURL(/platform=simplecast/);
    await page.goto(`${baseUrl()}/dashboard?platform=youtube`);
    await page.getByRole("tab", { name: "YouTube", selected: true }).waitFor();
    await page.goto(`${baseUrl()}/dashboard?platform=simplecast`);
    await page.getByRole("tab", { name: "Simplecast", selected: true }).waitFor();
    await context.close();
  });
});
