import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { E2E_ADMIN, newCustomer, signInThroughApi, signUpThroughApi } from "../support/accounts.js";
import { dashboardMenu } from "../support/dashboard.js";
import { expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";
import { confirmAddress, mailsTo } from "../support/mail.js";
import { orderThroughPage } from "../support/orders.js";

const SAW = "Forgeline 7-1/4 in. Circular Saw";
// The stock of the refunded tool is checked to the piece: each project refunds a tool nothing else orders.
const REFUNDED_TOOL = { desktop: "Forgeline Top-Handle Jigsaw", phone: "Forgeline 20V Impact Driver" } as const;

const toast = (page: Page, text: string) => page.locator(".Toastify").getByText(text, { exact: true });

/** Orders a tool through the order modal and pays it with the test card; gives the order's id. */
async function orderAndPay(page: Page, tool: string, quantity: number): Promise<string> {
  await orderThroughPage(page, tool, quantity);
  await page.goto("/dashboard");
  await page.getByRole("link", { name: `Pay for ${tool}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  const orderId = page.url().split("/").at(-1) ?? "";
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByText("Congrats! Your Payment is completed.")).toBeVisible();
  return orderId;
}

async function stockOf(page: Page, tool: string): Promise<{ id: string; quantity: number }> {
  const products = (await (await page.request.get("/api/product?limit=100")).json()) as {
    _id: string;
    name: string;
  }[];
  const id = products.find((product) => product.name === tool)?._id ?? "";
  const response = await page.request.get(`/api/product/${id}`);
  expect(response.status()).toBe(200);
  return { id, quantity: ((await response.json()) as { quantity: number }).quantity };
}

/** The number a person reads for the order (FL-100234), as its buyer's page shows it. */
async function orderNumberOf(page: Page, orderId: string): Promise<string> {
  await page.goto(`/dashboard/myorders/${orderId}`);
  const heading = page.getByRole("heading", { level: 1, name: /^Order FL-\d{6,}$/ });
  return ((await heading.textContent()) ?? "").replace("Order ", "");
}

/** The records of a CSV file (RFC 4180: quoted cells may hold commas, doubled quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      record.push(cell);
      cell = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
      i++;
    } else cell += char;
  }
  if (cell !== "" || record.length > 0) records.push([...record, cell]);
  return records;
}

test("the admin finds a paid order, ships it, refunds another with its stock back, and the audit log shows both", async ({
  page,
  browser,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(120_000);
  // The empty ship form is refused on purpose (400, its field errors shown).
  consoleErrors.allow(/status of 400/);
  const refundedTool = REFUNDED_TOOL[testInfo.project.name as keyof typeof REFUNDED_TOOL];

  const customerPage = await browser.newPage();
  const customer = await signUpThroughApi(customerPage, newCustomer("Olga Orderer", "olga"));
  // The "shipped" mail read below goes only to a confirmed address.
  await confirmAddress(customerPage, customer.email);
  const shippedId = await orderAndPay(customerPage, SAW, 120);
  const stockBeforeOrder = await stockOf(customerPage, refundedTool);
  const refundedId = await orderAndPay(customerPage, refundedTool, 150);
  expect((await stockOf(customerPage, refundedTool)).quantity).toBe(stockBeforeOrder.quantity - 150);
  const shippedNumber = await orderNumberOf(customerPage, shippedId);
  const refundedNumber = await orderNumberOf(customerPage, refundedId);
  await customerPage.close();

  await signInThroughApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/dashboard");
  await (await dashboardMenu(page)).getByRole("link", { name: "Orders", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();

  // The customer's two orders, under "Paid", found by the customer's email.
  const tabs = page.getByRole("navigation", { name: "Order status" });
  await tabs.getByRole("link", { name: /^Paid \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\?status=paid$/);
  await expect(tabs.getByRole("link", { name: /^Paid/ })).toHaveAttribute("aria-current", "page");
  await page.getByLabel("Search by customer email, product or order number").fill(customer.email);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(`/dashboard/orders?status=paid&q=${encodeURIComponent(customer.email)}`);
  await expect(tabs.getByRole("link", { name: "Paid (2)", exact: true })).toBeVisible();
  await expect(tabs.getByRole("link", { name: "All (2)", exact: true })).toBeVisible();
  const rows = page.getByRole("row").filter({ hasText: customer.email });
  await expect(rows).toHaveCount(2);
  // Newest first: the refunded tool was ordered last.
  await expect(rows.nth(0)).toContainText(refundedTool);
  await expect(rows.nth(1)).toContainText(SAW);
  await expect(rows.nth(1)).toContainText("$");
  await expect(rows.nth(1).getByText("Paid", { exact: true })).toBeVisible();
  await expect(page.getByText("Page 1 of 1")).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  // The address keeps the tab and the search.
  await page.reload();
  await expect(tabs.getByRole("link", { name: "Paid (2)", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(rows).toHaveCount(2);

  // What the list shows, as a CSV file: the header, then the two paid orders, newest first.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("orders.csv");
  const [header, ...records] = parseCsv(await readFile(await file.path(), "utf8"));
  expect(header).toEqual([
    ...["Order number", "Order id", "Placed at", "Status", "Customer", "Email", "Phone", "Address", "PO number"],
    ...["Line", "SKU", "Product", "Quantity", "List unit price (USD)", "Unit price (USD)", "Price source"],
    ...["Line total (USD)", "Line discount (USD)", "Promotion", "Order discount (USD)", "Order tax (USD)"],
    ...["Order total (USD)", "Carrier", "Tracking number", "Tracking URL", "Transaction id"],
    ...["Payment method", "Due at", "Balance (USD)"],
  ]);
  // A row per order line: each of these orders has one.
  expect(records).toHaveLength(2);
  const cells = (record: string[] | undefined) =>
    Object.fromEntries((header ?? []).map((heading, i) => [heading, record?.[i] ?? ""]));
  const [refundedRow, shippedRow] = records.map(cells);
  expect(refundedRow).toMatchObject({ Status: "paid", Customer: "Olga Orderer", Email: customer.email });
  expect(refundedRow).toMatchObject({ Line: "1", Product: refundedTool, Quantity: "150", "Price source": "tier" });
  // The saw was the customer's first order: the first-order promotion took 30% off its list price.
  expect(shippedRow).toMatchObject({ Product: SAW, Quantity: "120", "Price source": "list" });
  expect(shippedRow).toMatchObject({ "Line total (USD)": "8388.00", "Line discount (USD)": "2516.40" });
  expect(shippedRow).toMatchObject({ Promotion: "30% off your first order", "Order total (USD)": "5871.60" });

  // Ship the saw: the server's field errors first, then a tracking number.
  await rows.nth(1).getByRole("link", { name: shippedNumber }).click();
  await expect(page).toHaveURL(`/dashboard/orders/${shippedId}`);
  await expect(page.getByRole("heading", { level: 1, name: `Order ${shippedNumber}` })).toBeVisible();
  const details = page.getByRole("region", { name: "Details" });
  await expect(details.getByText(customer.email)).toBeVisible();
  await expect(details.getByText("Olga Orderer")).toBeVisible();
  await expect(details.getByText("7 Factory Road, Springfield")).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  const actions = page.getByRole("region", { name: "Actions" });
  await expect(actions.getByRole("button")).toHaveText(["Ship order", "Ship part", "Refund"]);
  // Ship (everything), not Ship part beside it, which has fields of the same names.
  const shipForm = actions.getByRole("form", { name: "Ship", exact: true });
  await shipForm.getByRole("button", { name: "Ship order" }).click();
  await expect(shipForm.getByText("Carrier is Required")).toBeVisible();
  await expect(shipForm.getByText("Tracking number is Required")).toBeVisible();
  const trackingNumber = `1Z${Date.now()}`;
  await shipForm.getByLabel("Carrier").fill("UPS");
  await shipForm.getByLabel("Tracking number").fill(trackingNumber);
  await shipForm.getByLabel("Tracking URL (optional)").fill(`https://www.ups.com/track?tracknum=${trackingNumber}`);
  await shipForm.getByRole("button", { name: "Ship order" }).click();
  await expect(toast(page, "Order shipped")).toBeVisible();
  await expect(details.getByText("Shipped", { exact: true })).toBeVisible();
  await expect(details.getByRole("link", { name: trackingNumber })).toHaveAttribute(
    "href",
    `https://www.ups.com/track?tracknum=${trackingNumber}`,
  );
  await expect(actions.getByRole("button")).toHaveText(["Mark delivered", "Refund"]);
  await expect(page.getByRole("region", { name: "History" })).toContainText(`UPS ${trackingNumber}`);

  // The customer sees it shipped, with the tracking link and the invoice, and has the "shipped" mail.
  const customerContext = await browser.newContext({ viewport: page.viewportSize() });
  const customerView = await customerContext.newPage();
  await signInThroughApi(customerView, customer.email, customer.password);
  await customerView.goto(`/dashboard/myorders/${shippedId}`);
  await expect(customerView.getByRole("definition").first()).toHaveText("Shipped");
  // Its one shipment says the carrier and links the tracking number to the carrier's page.
  const tracking = customerView.getByRole("region", { name: "Shipments" });
  await expect(tracking).toContainText(`with UPS, tracking number ${trackingNumber}`);
  await expect(tracking.getByRole("link", { name: new RegExp(`^${trackingNumber}`) })).toHaveAttribute(
    "href",
    `https://www.ups.com/track?tracknum=${trackingNumber}`,
  );
  const invoiceButton = customerView.getByRole("button", { name: /^Download invoice INV-\d{4}-\d{6} \(PDF\)$/ });
  const invoiceNumber = ((await invoiceButton.textContent()) ?? "").split(" ")[2] ?? "";
  const invoice = customerView.waitForEvent("download");
  await invoiceButton.click();
  const pdf = await invoice;
  expect(pdf.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe("%PDF-");
  await expectAccessible(customerView);
  await customerContext.close();
  // The mail names the order by the same number, in its subject and its body.
  const shippedMail = `Your order ${shippedNumber} (${SAW}) is on its way`;
  await expect.poll(async () => (await mailsTo(customer.email)).map((mail) => mail.subject)).toContain(shippedMail);
  const mail = (await mailsTo(customer.email)).find((each) => each.subject === shippedMail);
  expect(mail?.raw).toContain(`https://www.ups.com/track?tracknum=${trackingNumber}`);
  expect(mail?.raw).toContain(`Order number: ${shippedNumber}`);

  // Now under "Shipped".
  await page.getByRole("link", { name: "All orders" }).click();
  await page.getByLabel("Search by customer email, product or order number").fill(customer.email);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await tabs.getByRole("link", { name: "Shipped (1)", exact: true }).click();
  await expect(page).toHaveURL(`/dashboard/orders?status=shipped&q=${encodeURIComponent(customer.email)}`);
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole("link", { name: shippedNumber })).toBeVisible();
  await expect(rows.getByText("Shipped", { exact: true })).toBeVisible();

  // Refund the other paid order: its pieces never left, so they go back to stock.
  await tabs.getByRole("link", { name: "Paid (1)", exact: true }).click();
  await rows.getByRole("link", { name: refundedNumber }).click();
  await actions.getByRole("button", { name: "Refund" }).click();
  const dialog = page.getByRole("dialog", { name: /^Refund \$[\d,.]+\?$/ });
  await expect(dialog.getByText("The 150 pieces were never shipped: they go back to stock.")).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Refund" }).click();
  await expect(toast(page, "Order refunded")).toBeVisible();
  await expect(details.getByText("Refunded", { exact: true })).toBeVisible();
  await expect(actions.getByText("This order is refunded: there is nothing more to do.")).toBeVisible();
  expect((await stockOf(page, refundedTool)).quantity).toBe(stockBeforeOrder.quantity);

  // The number the customer reads out on the phone finds the order among all of them.
  await page.getByRole("link", { name: "All orders" }).click();
  await page.getByLabel("Search by customer email, product or order number").fill(refundedNumber);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(tabs.getByRole("link", { name: "All (1)", exact: true })).toBeVisible();
  const found = page.getByRole("row").filter({ has: page.getByRole("link", { name: refundedNumber }) });
  await expect(found).toContainText(customer.email);
  await expect(found.getByText("Refunded", { exact: true })).toBeVisible();

  // The audit log names both steps, with who and what changed.
  await page.goto("/dashboard");
  await (await dashboardMenu(page)).getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  const shipped = page.getByRole("row").filter({ hasText: shippedId });
  await expect(shipped).toContainText("Shipped an order");
  await expect(shipped).toContainText(E2E_ADMIN.email);
  await expect(shipped).toContainText('status: "paid" → "shipped"');
  await expect(shipped).toContainText(`trackingNumber: none → "${trackingNumber}"`);
  const refunded = page.getByRole("row").filter({ hasText: refundedId });
  await expect(refunded).toContainText("Refunded an order");
  await expect(refunded).toContainText('status: "paid" → "refunded"');
  await expectAccessible(page);
});
