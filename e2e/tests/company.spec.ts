import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { E2E_ADMIN, newCustomer, signInThroughApi, signUpThroughApi, signUpThroughPage } from "../support/accounts.js";
import { cartLine, cartLink, payWithTestCard, productIdOf } from "../support/cart.js";
import { dashboardMenu } from "../support/dashboard.js";
import { anotherPerson, expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";
import { tabTo } from "../support/keyboard.js";
import { latestMailLink, mailsTo } from "../support/mail.js";
import { pdfText } from "../support/pdf.js";

// Nothing else orders the tape measure on the e2e server, and its stock is checked nowhere.
const TAPE = "Forgeline 25 ft. Tape Measure";
/** An order's number, the link to its page in a list. */
const ORDER_NUMBER = /^FL-\d{6,}$/;
const TAX_ID = "DE 123/456";
const toast = (page: Page, text: string | RegExp) => page.locator(".Toastify").getByText(text, { exact: true });

/** Opens the newest confirmation link mailed to `email`: the address is confirmed, and the shop's home opens. */
async function confirmAddress(page: Page, email: string) {
  await expect.poll(() => latestMailLink(email)).toContain("/api/auth/verify-email");
  await page.goto(await latestMailLink(email));
  // Saying so when the link was mailed at sign-up (signup-landing.spec.ts proves the sentence).
  await expect(page).toHaveURL(/\/(\?address=confirmed)?$/);
}

/** The link of the company invitation mailed to `email`. */
async function invitationLink(email: string): Promise<string> {
  const links = (await mailsTo(email)).map(
    (mail) => mail.raw.match(/https?:\/\/[^\s"<>]+\/invitations\/[A-Za-z0-9_-]{43}/)?.[0] ?? "",
  );
  return links.filter(Boolean).at(-1) ?? "";
}

/**
 * docs/SELLING-TO-BUSINESSES.md, 'Companies', in the browser: an owner signs up, confirms the address, creates a
 * company (a delivery address, PO numbers required) and invites a requester and a buyer by mail. The requester opens
 * the link signed out, signs up on the way, is told to confirm the address first, confirms it and joins; the buyer,
 * signed up and confirmed, joins from the link too. An admin makes the company tax-exempt with its tax ID and gives it
 * a contract price (a price list sent as CSV, a bad file refused by row first). The requester's cart shows the contract
 * price and no tax, and its checkout (to the company's address, with a PO number) waits for approval; the owner
 * approves it with a note, with the keyboard alone; the buyer colleague finds it in the company's orders and pays it;
 * its invoice names the tax ID; the owner, the buyer and the requester all see it paid in the company's history.
 */
test("an owner's company: invitations by mail, a requester's order approved with a note by keyboard, paid by a buyer", async ({
  page,
  browser,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(300_000);
  // The empty company name is refused by the server, on purpose.
  consoleErrors.allow(/status of 400/);
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  const companyName = `Acme Fabrication ${stamp}`;
  const owner = newCustomer("Olga Owner", "olga");
  const requesterAccount = newCustomer("Rita Requester", "rita");
  const buyerAccount = newCustomer("Bruno Buyer", "bruno");

  // The owner signs up, confirms the address (only a confirmed owner may invite) and creates the company.
  await signUpThroughPage(page, owner);
  await confirmAddress(page, owner.email);
  await page.goto("/dashboard");
  await (await dashboardMenu(page)).getByRole("link", { name: "My Company", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My Company" })).toBeVisible();
  const create = page.getByRole("region", { name: "Create a company" });
  await create.getByRole("button", { name: "Create company" }).click();
  await expect(create.getByText("Company name is Required")).toBeVisible();
  await create.getByLabel("Company name").fill(companyName);
  await create.getByRole("button", { name: "Create company" }).click();
  await expect(toast(page, `${companyName} is created: you are its owner`)).toBeVisible();
  const members = page.getByRole("region", { name: "Members" });
  await expect(members.getByRole("row").filter({ hasText: "Olga Owner" }).getByRole("cell").first()).toHaveText(
    "Owner",
  );

  // A delivery address and the PO rule: the requester's checkout keeps to both.
  const addAddress = page.getByRole("form", { name: "Add a delivery address" });
  await addAddress.getByLabel("Label (a site's name)").fill("North yard");
  await addAddress.getByLabel("Address").fill("1 Yard Road, Springfield");
  await addAddress.getByLabel("Phone").fill("5550107000");
  await addAddress.getByRole("button", { name: "Add address" }).click();
  await expect(
    page.getByRole("list", { name: "Delivery addresses" }).getByRole("heading", { name: "North yard" }),
  ).toBeVisible();
  const settings = page.getByRole("form", { name: "Settings" });
  await settings.getByLabel("PO number required on every order").check();
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(toast(page, "The company's settings are saved")).toBeVisible();
  await expect(page.getByText("Required on every order", { exact: true })).toBeVisible();

  // The invitation, by mail.
  const invite = page.getByRole("form", { name: "Invite a colleague" });
  await invite.getByLabel("Colleague's email").fill(requesterAccount.email);
  await invite.getByLabel("Role").selectOption("requester");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(toast(page, `Invitation sent to ${requesterAccount.email}`)).toBeVisible();
  const pending = page.getByRole("region", { name: "Invitations" }).getByRole("row").filter({
    hasText: requesterAccount.email,
  });
  await expect(pending.getByRole("cell").first()).toHaveText("Requester");
  await invite.getByLabel("Colleague's email").fill(buyerAccount.email);
  await invite.getByLabel("Role").selectOption("buyer");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(toast(page, `Invitation sent to ${buyerAccount.email}`)).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Invitations" }).getByRole("row").filter({ hasText: buyerAccount.email }),
  ).toContainText("Buyer");
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // The requester opens the mailed link signed out: sign in first (here: sign up), then back to it.
  const requester = await anotherPerson(browser, testInfo, [/status of 403/]);
  const rita = requester.page;
  await expect.poll(() => invitationLink(requesterAccount.email)).toContain("/invitations/");
  const link = await invitationLink(requesterAccount.email);
  await rita.goto(link);
  await expect(rita.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
  await rita.getByRole("link", { name: "Create an account" }).click();
  await expect(rita).toHaveURL(/\/signup$/);
  await rita.getByLabel("Name").fill(requesterAccount.name);
  await rita.getByLabel("Email", { exact: true }).fill(requesterAccount.email);
  await rita.getByLabel("Password", { exact: true }).fill(requesterAccount.password);
  await rita.getByRole("button", { name: "Sign Up" }).click();
  await expect(rita).toHaveURL(link);
  await expect(rita.getByRole("heading", { level: 1, name: `Join ${companyName}` })).toBeVisible();
  await expect(
    rita.getByText(`You are invited to join ${companyName} as a requester.`, { exact: false }),
  ).toBeVisible();
  await expectAccessible(rita);
  // Not confirmed yet: the page says what to do.
  const accept = rita.getByRole("button", { name: `Accept and join ${companyName}` });
  await accept.click();
  await expect(rita.getByRole("alert")).toHaveText(
    `Confirm your email address first: open the link we mailed to ${requesterAccount.email} when you signed up, then come back to this page and accept.`,
  );
  await confirmAddress(rita, requesterAccount.email);
  await rita.goto(link);
  await accept.click();
  await expect(toast(rita, `Welcome to ${companyName}`)).toBeVisible();
  await expect(rita).toHaveURL(/\/dashboard\/company$/);
  await expect(
    rita
      .getByRole("region", { name: "Members" })
      .getByRole("row")
      .filter({ hasText: "Rita Requester" })
      .getByRole("cell")
      .first(),
  ).toHaveText("Requester");
  const ritaMenu = await dashboardMenu(rita);
  await expect(ritaMenu.getByRole("link", { name: "Company Orders", exact: true })).toBeVisible();
  await expect(ritaMenu.getByRole("link", { name: "Approvals", exact: true })).toHaveCount(0);

  // The buyer, signed up and confirmed, joins from the mailed link.
  const buyer = await anotherPerson(browser, testInfo);
  const bruno = buyer.page;
  await expect.poll(() => invitationLink(buyerAccount.email)).toContain("/invitations/");
  const buyerLink = await invitationLink(buyerAccount.email);
  await signUpThroughApi(bruno, buyerAccount);
  await confirmAddress(bruno, buyerAccount.email);
  await bruno.goto(buyerLink);
  await expect(bruno.getByText(`You are invited to join ${companyName} as a buyer.`, { exact: false })).toBeVisible();
  await bruno.getByRole("button", { name: `Accept and join ${companyName}` }).click();
  await expect(toast(bruno, `Welcome to ${companyName}`)).toBeVisible();
  await expect(bruno).toHaveURL(/\/dashboard\/company$/);

  // An admin makes the company tax-exempt and gives it a contract price for the tape measure.
  const admin = await anotherPerson(browser, testInfo, [/status of 400/]);
  await signInThroughApi(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
  await admin.page.goto("/dashboard");
  await (await dashboardMenu(admin.page)).getByRole("link", { name: "Companies", exact: true }).click();
  await expect(admin.page.getByRole("heading", { level: 1, name: "Companies" })).toBeVisible();
  const companyRow = admin.page.getByRole("row").filter({ hasText: companyName });
  await expect(companyRow.getByRole("cell")).toHaveText([
    "—",
    "3",
    "Charged",
    "Required",
    "Card only",
    /Tax exemption/,
  ]);
  await companyRow.getByRole("button", { name: `Tax exemption of ${companyName}` }).click();
  const exemption = admin.page.getByRole("dialog", { name: `Tax exemption of ${companyName}` });
  await exemption.getByLabel("Tax-exempt: its orders carry no tax").check();
  await exemption.getByLabel("Tax ID").fill(TAX_ID);
  await expectAccessible(admin.page);
  await exemption.getByRole("button", { name: "Save" }).click();
  await expect(toast(admin.page, `${companyName} is tax-exempt`)).toBeVisible();
  await expect(companyRow.getByRole("cell")).toHaveText([
    TAX_ID,
    "3",
    "Exempt",
    "Required",
    "Card only",
    /Tax exemption/,
  ]);

  await companyRow.getByRole("button", { name: `Price list of ${companyName}` }).click();
  const priceList = admin.page.getByRole("region", { name: `Price list of ${companyName}` });
  await expect(priceList.getByText("No contract prices yet.")).toBeVisible();
  const upload = admin.page.getByRole("form", { name: `Upload a price list for ${companyName}` });
  const file = upload.getByLabel("CSV file with sku and unitPrice columns (as the download)");
  await file.setInputFiles({
    name: "prices.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("sku,unitPrice\nFL-TPM-25,6.50\nFL-NOPE-1,2\n"),
  });
  await upload.getByRole("button", { name: "Upload price list" }).click();
  await expect(priceList.getByRole("alert")).toContainText("Row 3: no tool has SKU FL-NOPE-1");
  await expect(priceList.getByText("No contract prices yet.")).toBeVisible();
  await file.setInputFiles({
    name: "prices.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("sku,unitPrice\nfl-tpm-25,$6.50\n"),
  });
  await upload.getByRole("button", { name: "Upload price list" }).click();
  await expect(toast(admin.page, `The price list of ${companyName} has 1 row`)).toBeVisible();
  const priced = priceList.getByRole("row").filter({ hasText: "FL-TPM-25" });
  await expect(priced.getByRole("cell")).toHaveText([TAPE, "$6.50", "$7.90"]);
  // axe reads colours mid-animation: a toast fading in once failed the contrast check, so it is let go first.
  await expect(toast(admin.page, `The price list of ${companyName} has 1 row`)).toBeHidden();
  await expectAccessible(admin.page);
  await expectNoHorizontalScroll(admin.page);
  // The list as a file, with the bearer token.
  const download = admin.page.waitForEvent("download");
  await priceList.getByRole("button", { name: `Download CSV of the price list of ${companyName}` }).click();
  const csv = await download;
  expect(csv.suggestedFilename()).toBe("prices.csv");
  expect(await readFile(await csv.path(), "utf8")).toContain(`"FL-TPM-25",6.5,"${TAPE}",7.9`);

  // The requester's cart: the contract price, no tax; the checkout goes to the company's address.
  await rita.goto(`/product/${await productIdOf(rita, TAPE)}`);
  await expect(rita.getByRole("heading", { level: 1, name: TAPE })).toBeVisible();
  // The product page arrives server-rendered: its button works once the page is live (as fixtures.ts waits).
  await rita.locator("html[data-ready]").waitFor({ state: "attached" });
  // The page says what the cart will charge her: the contract price, beside the list price.
  await expect(rita.getByText("100 pieces at $6.50 a piece (your contract price)")).toBeVisible();
  await expect(rita.getByRole("definition").first()).toHaveText("$7.90");
  await rita.getByRole("button", { name: "Add to order" }).click();
  await expect(toast(rita, `Added ${TAPE} to your order`)).toBeVisible();
  await cartLink(rita, 1).click();
  await expect(rita.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
  const line = cartLine(rita, TAPE);
  await expect(line.getByText("your contract price", { exact: true })).toBeVisible();
  await expect(line.getByText("$6.50", { exact: true })).toBeVisible();
  await expect(line.getByText("$650.00", { exact: true })).toBeVisible();
  const figures = rita.locator("dl").filter({ hasText: "Subtotal" });
  await expect(figures.getByRole("term")).toHaveText(["Subtotal", "30% off your first order", "Total"]);
  await expect(figures.getByText("$455.00", { exact: true })).toBeVisible();
  const checkout = rita.getByRole("form", { name: "Checkout" });
  await expect(checkout.getByLabel("Delivery address")).toHaveCount(0);
  await checkout.getByRole("button", { name: "Place order" }).click();
  await expect(checkout.getByText("Choose one of your company's delivery addresses")).toBeVisible();
  await expect(checkout.getByText("A PO number is required")).toBeVisible();
  await checkout.getByRole("radio", { name: /North yard/ }).check();
  await expect(checkout.getByLabel("Phone")).toHaveValue("5550107000");
  const poNumber = `PO-${Date.now()}`;
  await checkout.getByLabel("PO number (required, up to 35 characters)").fill(poNumber);
  await expectAccessible(rita);
  await expectNoHorizontalScroll(rita);
  await checkout.getByRole("button", { name: "Place order" }).click();
  await expect(toast(rita, "Your order is placed and awaits approval by an owner of your company")).toBeVisible();
  await expect(rita).toHaveURL(/\/dashboard\/myorders\/[0-9a-f-]{36}$/);
  const orderUrl = rita.url();
  await expect(rita.getByRole("definition").first()).toHaveText("Awaiting approval");
  await expect(rita.getByText(/^This order awaits approval by an owner of your company/)).toBeVisible();
  await expect(rita.getByRole("region", { name: "History" })).toContainText(
    "an owner approves every order of a requester",
  );
  await expect(rita.getByRole("link", { name: /^Pay/ })).toHaveCount(0);
  await expectAccessible(rita);

  // The owner approves it with a note, with the keyboard alone.
  await page.goto("/dashboard/approvals");
  await expect(page.getByRole("heading", { level: 1, name: "Approvals" })).toBeVisible();
  // Each waiting order is an item with its heading (its lines are a list of their own inside it).
  const waiting = page
    .getByRole("list", { name: "Orders awaiting approval" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2 }) });
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText(`$455.00 by Rita Requester`);
  await expect(waiting).toContainText(`PO ${poNumber}`);
  await expect(waiting).toContainText("Waits for an owner: an owner approves every order of a requester.");
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  const note = "Fine for the north yard";
  await tabTo(page, waiting.getByLabel("Note to Rita Requester (optional to approve, required to reject)"));
  await page.keyboard.type(note);
  await page.keyboard.press("Tab");
  await expect(
    waiting.getByRole("button", { name: new RegExp(`^Approve order FL-\\d+ \\(${TAPE}\\) by Rita Requester$`) }),
  ).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(toast(page, new RegExp(`^Approved order FL-\\d+ \\(${TAPE}\\) by Rita Requester$`))).toBeVisible();
  await expect(page.getByText("No order awaits approval.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Approvals" })).toBeFocused();

  // The requester sees it approved, with the owner's note; the buyer colleague pays it from the company's orders.
  await rita.goto(orderUrl);
  await expect(rita.getByRole("definition").nth(1)).toHaveText("Awaiting payment");
  await expect(rita.getByText(`Approved: ${note}`)).toBeVisible();
  await bruno.goto("/dashboard");
  await (await dashboardMenu(bruno)).getByRole("link", { name: "Company Orders", exact: true }).click();
  await expect(bruno.getByRole("heading", { level: 1, name: "Company Orders" })).toBeVisible();
  await bruno.getByRole("row").filter({ hasText: poNumber }).getByRole("link", { name: ORDER_NUMBER }).click();
  await expect(bruno).toHaveURL(orderUrl);
  await expect(bruno.getByRole("definition").nth(1)).toHaveText("Awaiting payment");
  const pay = bruno.getByRole("link", { name: `Pay for ${TAPE}` });
  await expect(pay).toBeVisible();
  await expect(bruno.getByRole("button", { name: /^Cancel/ })).toHaveCount(0);
  await expectAccessible(bruno);
  await pay.click();
  await expect(bruno.getByText("$455.00").first()).toBeVisible();
  await payWithTestCard(bruno);

  // Its invoice names the company's tax ID and charges no tax.
  await rita.goto(orderUrl);
  await expect(rita.getByRole("definition").nth(1)).toHaveText("Paid");
  await expect(rita.getByText(poNumber, { exact: true })).toBeVisible();
  const invoiceDownload = rita.waitForEvent("download");
  await rita.getByRole("button", { name: /^Download invoice INV-\d{4}-\d{6} \(PDF\)$/ }).click();
  const invoice = (await pdfText(await invoiceDownload)).replace(/\s+/g, "");
  for (const expected of [`Tax ID: ${TAX_ID}`, "Tax: none, the buyer is tax-exempt", `PO number: ${poNumber}`]) {
    expect(invoice).toContain(expected.replace(/\s+/g, ""));
  }

  // Everybody sees it paid in the company's history: the owner, the buyer and the requester.
  for (const member of [page, bruno, rita]) {
    await member.goto("/dashboard");
    await (await dashboardMenu(member)).getByRole("link", { name: "Company Orders", exact: true }).click();
    await expect(member.getByRole("heading", { level: 1, name: "Company Orders" })).toBeVisible();
    const history = member.getByRole("row").filter({ hasText: poNumber });
    await expect(history.getByRole("link", { name: ORDER_NUMBER })).toBeVisible();
    await expect(history).toContainText(TAPE);
    await expect(history).toContainText("Rita Requester");
    await expect(history.getByText("Paid", { exact: true })).toBeVisible();
  }
  await expectAccessible(page);

  expect(requester.errors, "console errors on the requester's page").toEqual([]);
  expect(admin.errors, "console errors on the admin's page").toEqual([]);
  expect(buyer.errors, "console errors on the buyer's page").toEqual([]);
  await requester.close();
  await buyer.close();
  await admin.close();
});
