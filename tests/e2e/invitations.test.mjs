import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  baseUrl,
  createOrganization,
  latestMail,
  newPage,
  signIn,
  signInToDashboard,
  uniqueEmail,
  useBrowser,
} from "./support.mjs";

const browser = useBrowser();

/*
 * Issue 14: someone who already has an account is invited by another organisation, accepts from
 * the banner, and switches between the two organisations from the account menu.
 */
describe("invitations and switching organisations", () => {
  test("an invited person accepts from the banner and switches organisation", async () => {
    const home = await createOrganization("Invitations home");
    const agency = await createOrganization("Invitations agency");
    const person = home.user;

    // The agency's admin invites the person from Organization Settings.
    const admin = await newPage(browser());
    await signInToDashboard(admin.page, agency.admin);
    await admin.page.goto(`${baseUrl()}/organization-settings`);
    await admin.page.getByRole("button", { name: "Add Member" }).click();
    const dialog = admin.page.getByRole("dialog", { name: "Add New Member" });
    await dialog.getByLabel("Email").fill(person.email);
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    // The same words as for an address without an account.
    await admin.page
      .getByText(`Invitation sent to ${person.email}. They join once they accept it.`)
      .waitFor();
    const mail = await latestMail(person.email, "invitation_existing");
    assert.doesNotMatch(mail.text, /temporary password/i);

    // The person signs in and answers the banner.
    const { context, page } = await newPage(browser());
    await signInToDashboard(page, person);
    const banner = page.getByRole("region", { name: "Invitations" });
    await banner.getByText(agency.organization.name).waitFor();
    await banner.getByRole("button", { name: "Accept" }).click();
    const joined = page.getByText(`You joined ${agency.organization.name}.`, { exact: false });
    await joined.waitFor();
    await banner.waitFor({ state: "detached" });

    // The account menu lists both organisations; switching lands on the agency's dashboard.
    // (By keyboard: the toasts sit over the header's corner for a few seconds.)
    await page.getByRole("button", { name: "Account menu" }).focus();
    await page.keyboard.press("Enter");
    const agencyItem = page.getByRole("menuitemradio", { name: agency.organization.name });
    const homeItem = page.getByRole("menuitemradio", { name: home.organization.name });
    await agencyItem.waitFor();
    assert.equal(await homeItem.getAttribute("aria-checked"), "true");
    // By keyboard, as the menu allows.
    await agencyItem.focus();
    await page.keyboard.press("Enter");
    await page.getByText(`Switched to ${agency.organization.name}`).waitFor();
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();

    // Remembered: a fresh page (reload) opens in the agency.
    await page.reload();
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await page.getByRole("button", { name: "Account menu" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitemradio", { name: agency.organization.name }).waitFor();
    assert.equal(
      await page
        .getByRole("menuitemradio", { name: agency.organization.name })
        .getAttribute("aria-checked"),
      "true",
    );
    await page.keyboard.press("Escape");

    // The agency's admin now sees the person as a member.
    await admin.page.reload();
    await admin.page.getByTestId("member-row").filter({ hasText: person.email }).waitFor();
    await admin.context.close();
    await context.close();
  });

  test("an invitation withdrawn while its banner is shown says so and leaves the banner", async () => {
    const home = await createOrganization("Invitations withdrawn home");
    const agency = await createOrganization("Invitations withdrawn agency");
    const person = home.user;
    const { invitation } = await agency.api.call("members", { email: person.email });
    const { context, page } = await newPage(browser());
    await signInToDashboard(page, person);
    const banner = page.getByRole("region", { name: "Invitations" });
    await banner.getByText(agency.organization.name).waitFor();
    const withdrawn = await agency.api.send("DELETE", `members/invitations/${invitation.id}`);
    assert.equal(withdrawn.res.status < 300, true);
    await banner.getByRole("button", { name: "Accept" }).click();
    await page.getByText("Invitation not found").waitFor();
    await banner.waitFor({ state: "detached" });
    await context.close();
  });

  test("someone new signed in with the temporary password can sign out from the welcome page", async () => {
    const org = await createOrganization("Invitations welcome");
    const email = uniqueEmail("welcome");
    await org.api.call("members", { email });
    const mail = await latestMail(email, "invitation");
    const temporary = /Your temporary password: (\S+)/.exec(mail.text)[1];
    const { context, page } = await newPage(browser());
    await signIn(page, email, temporary);
    await page.waitForURL(/\/auth\/welcome$/);
    // Every other page leads back to the welcome page until a password is set.
    await page.goto(`${baseUrl()}/dashboard`);
    await page.waitForURL(/\/auth\/welcome$/);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await page.goto(`${baseUrl()}/dashboard`);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    assert.doesNotMatch(page.url(), /welcome/);
    await context.close();
  });
});
