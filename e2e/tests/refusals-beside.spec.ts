import { bearerOf, E2E_ADMIN, newCustomer, signInThroughApi, signUpThroughApi } from "../support/accounts.js";
import { productIdOf } from "../support/cart.js";
import { expect, test } from "../support/fixtures.js";
import { expectBeside } from "../support/refusals.js";

/**
 * A refused form says why beside the button that was pressed, takes the focus, and is on the screen together with
 * that button, on a 390 px phone too (docs/decisions/065-where-a-sign-up-lands.md; checkout and quotes are proven in
 * on-account.spec.ts and quotes.spec.ts, a warehouse's row in warehouses.spec.ts).
 */

test("company forms refuse beside their buttons: create, invite, change a role, leave", async ({
  page,
  isMobile,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  consoleErrors.allow(/status of 40[39]/);
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  const owner = await signUpThroughApi(page, newCustomer("Rhea Refused", "rhea"));
  const asOwner = await bearerOf(page, owner.email);
  await page.goto("/dashboard/company");
  const create = page.getByRole("region", { name: "Create a company" });
  await create.getByLabel("Company name").fill(`Refusals Ltd ${Date.now()}`);

  // Meanwhile the account made a company elsewhere (another tab): this form's is refused, 409.
  const made = await page.request.post("/api/companies", {
    headers: asOwner,
    data: { name: `Elsewhere ${Date.now()}` },
  });
  expect(made.status()).toBe(201);
  const createButton = create.getByRole("button", { name: "Create company" });
  await createButton.click();
  await expectBeside(page, create.getByRole("alert"), createButton, "You are already in a company: leave it first.");

  // The address is not confirmed yet: an invitation is refused, 403.
  await page.reload();
  const invite = page.getByRole("form", { name: "Invite a colleague" });
  await invite.getByLabel("Colleague's email").fill(`colleague.${Date.now()}@example.com`);
  const send = invite.getByRole("button", { name: "Send invitation" });
  await send.click();
  await expectBeside(
    page,
    invite.getByRole("alert"),
    send,
    "Confirm your email address before you invite anyone: open the link we mailed you.",
  );

  // The only owner cannot make themself a buyer, 409.
  const members = page.getByRole("region", { name: "Members" });
  await members.getByRole("button", { name: /^Change the role or limit of Rhea Refused/ }).click();
  const dialog = page.getByRole("dialog", { name: "Change Rhea Refused" });
  await dialog.getByLabel("Role").selectOption("buyer");
  const save = dialog.getByRole("button", { name: "Save" });
  await save.click();
  await expectBeside(
    page,
    dialog.getByRole("alert"),
    save,
    "A company needs an owner: make another member an owner first.",
  );
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // Nor leave, 409: said in the member's row, under Leave.
  await members.getByRole("button", { name: /^Leave / }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Leave company" }).click();
  await expectBeside(
    page,
    members.getByRole("alert"),
    members.getByRole("button", { name: /^Leave / }),
    "A company needs an owner: make another member an owner first.",
  );
});

test("an order cancelled meanwhile, and a tool withdrawn meanwhile: each refusal beside its button", async ({
  page,
  browser,
  isMobile,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  consoleErrors.allow(/status of 40[49]/);
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  const buyer = await signUpThroughApi(page, newCustomer("Carl Cancelled", "carl"));
  const asBuyer = await bearerOf(page, buyer.email);
  const placed = await page.request.post("/api/ordering", {
    headers: asBuyer,
    data: {
      orderId: await productIdOf(page, "Forgeline 6-Piece Screwdriver Set"),
      quantity: 100,
      phone: "5550109000",
      address: "9 Refusal Road, Springfield",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { insertedId } = (await placed.json()) as { insertedId: string };
  await page.goto(`/dashboard/myorders/${insertedId}`);
  const cancel = page.getByRole("button", { name: /^Cancel ?the order for/ });
  await expect(cancel).toBeVisible();

  // Meanwhile cancelled in another tab: this page's Cancel is refused, 409, and said where the button was.
  const elsewhere = await page.request.post(`/api/ordering/${insertedId}/cancel`, { headers: asBuyer });
  expect(elsewhere.status(), await elsewhere.text()).toBe(200);
  await cancel.click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel order" }).click();
  const actions = page.getByRole("alert");
  await expect(actions).toHaveText(/^This order is cancelled; only an unpaid order .* can be cancelled\.$/);
  await expect(actions).toBeFocused();
  await expect(actions).toBeInViewport();

  // A tool the admin withdraws while the buyer looks at it: "Add to order" is refused beside the button.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signInThroughApi(adminPage, E2E_ADMIN.email, E2E_ADMIN.password);
  const asAdmin = await bearerOf(adminPage, E2E_ADMIN.email);
  const made = await adminPage.request.post("/api/product", {
    headers: asAdmin,
    data: {
      name: `Withdrawn Chisel ${Date.now()}`,
      description: "A chisel that leaves the catalogue while a buyer looks at it.",
      price: 12,
      quantity: 500,
      image: "/images/claw-hammer.svg",
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const productId = ((await made.json()) as { insertedId: string }).insertedId;
  await page.goto(`/product/${productId}`);
  const add = page.getByRole("button", { name: "Add to order" });
  await expect(add).toBeEnabled();
  const gone = await adminPage.request.delete(`/api/product/${productId}`, { headers: asAdmin });
  expect(gone.status(), await gone.text()).toBeLessThan(300);
  await admin.close();
  await add.click();
  const note = page.locator("p[aria-live=polite]").filter({ hasText: /./ }).first();
  await expect(note).toHaveClass(/text-error/);
  await expect(note).toBeInViewport();
  await expect(add).toBeInViewport();
});

test("an admin's step on an order cancelled meanwhile is refused under the order's buttons", async ({
  page,
  browser,
  isMobile,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  consoleErrors.allow(/status of 409/);
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
  const buyer = await browser.newContext();
  const buyerPage = await buyer.newPage();
  const account = await signUpThroughApi(buyerPage, newCustomer("Cora Meanwhile", "cora"));
  const asBuyer = await bearerOf(buyerPage, account.email);
  const placed = await buyerPage.request.post("/api/ordering", {
    headers: asBuyer,
    data: {
      orderId: await productIdOf(buyerPage, "Forgeline 6-Piece Screwdriver Set"),
      quantity: 100,
      phone: "5550109000",
      address: "9 Refusal Road, Springfield",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { insertedId } = (await placed.json()) as { insertedId: string };

  await signInThroughApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(`/dashboard/orders/${insertedId}`);
  const cancel = page.getByRole("button", { name: "Cancel order" });
  await expect(cancel).toBeVisible();
  const elsewhere = await buyerPage.request.post(`/api/ordering/${insertedId}/cancel`, { headers: asBuyer });
  expect(elsewhere.status(), await elsewhere.text()).toBe(200);
  await buyer.close();
  await cancel.click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel order" }).click();
  const refusal = page.getByRole("alert");
  await expect(refusal).toHaveText(/^This order is cancelled; only .* can be cancelled\.$/);
  await expect(refusal).toBeFocused();
  await expect(refusal).toBeInViewport();
});
