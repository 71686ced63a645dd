import { describe, test } from "node:test";
import { baseUrl, DEMO_ADMIN, newPage, signIn, useBrowser } from "./support.mjs";

const browser = useBrowser();

describe("YouTube ingestion from the dashboard", () => {
  test("an invalid key is refused, a sandbox key connects, a bad URL is explained, and a channel appears", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await page.getByRole("button", { name: "Add Channel" }).first().click();
    const connect = page.getByRole("dialog", { name: "Connect YouTube" });
    await connect.getByLabel("YouTube API key").fill("sandbox-invalid-key");
    await connect.getByRole("button", { name: "Connect" }).click();
    await page.getByText("Invalid API key or unable to connect to YouTube").waitFor();
    await connect.getByLabel("YouTube API key").fill("AIza-sandbox-e2e-key");
    await connect.getByRole("button", { name: "Connect" }).click();
    await page.getByText("YouTube integration connected successfully").waitFor();

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
    // The platform tab is in the URL.
    await page.getByRole("tab", { name: "Simplecast" }).click();
    await page.waitForURL(/platform=simplecast/);
    await page.goto(`${baseUrl()}/dashboard?platform=youtube`);
    await page.getByTestId("table-row").first().waitFor();
    await context.close();
  });
});
