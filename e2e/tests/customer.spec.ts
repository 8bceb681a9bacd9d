import {
  logInThroughPage,
  newCustomer,
  signUpThroughApi,
  signUpThroughPage,
  uniqueEmail,
} from "../support/accounts.js";
import { dashboardMenu } from "../support/dashboard.js";
import { expect, expectAccessible, expectNoHorizontalScroll, test } from "../support/fixtures.js";
import { openOrderModal } from "../support/orders.js";
import { pngPicture } from "../support/pictures.js";

const DRILL = "Forgeline 20V Cordless Drill";
const toast = (page: import("@playwright/test").Page, text: string) => page.locator(".Toastify").getByText(text);

test.describe("a new customer", () => {
  test("orders 150 drills, sees the order unpaid in My Orders, and cannot order it twice", async ({ page }) => {
    // Three pages, two orders and two accessibility scans: 40 s at load 19 on 2 cores, 90 s at load 25.
    test.setTimeout(180_000);
    await signUpThroughApi(page, newCustomer("Olga Order", "olga"));
    await page.goto("/availableProducts");
    await page.getByRole("article").filter({ hasText: DRILL }).getByRole("link", { name: "Order Now" }).click();
    await expect(page).toHaveURL(/\/orderdetails\?productId=/);

    const modal = page.getByRole("dialog", { name: DRILL });
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel("Name")).toHaveValue("Olga Order");
    await expect(modal.getByLabel("Name")).toHaveAttribute("readonly", "");
    await expect(modal.getByLabel("Email")).toHaveAttribute("readonly", "");
    await expectAccessible(page);
    const quantity = modal.getByLabel(/Quantity/);
    await expect(quantity).toHaveValue("100");
    // A first order: 100 drills at the list price, $8,900.00, less the first-order promotion's 30%.
    await expect(modal.getByText("30% off your first order")).toBeVisible();
    await expect(modal.getByText("−$2,670.00")).toBeVisible();
    await expect(modal.getByTestId("order-total")).toHaveText("$6,230.00");

    await quantity.fill("99");
    await modal.getByRole("button", { name: "Place order" }).click();
    await expect(modal.getByText("Order at least 100 pieces")).toBeVisible();
    await expect(modal.getByText("Phone is Required")).toBeVisible();
    await expect(modal.getByText("Address is Required")).toBeVisible();
    await quantity.fill("201");
    await modal.getByRole("button", { name: "Place order" }).click();
    await expect(modal.getByText("Order at most 200 pieces")).toBeVisible();

    await quantity.fill("150");
    // 150 earn the volume price, $84.00 a piece: $12,600.00, less 30%.
    await expect(modal.getByTestId("order-total")).toHaveText("$8,820.00");
    await modal.getByLabel("Phone").fill("+1 555-010-2000");
    await modal.getByLabel("Delivery address").fill("12 Workshop Lane, Springfield");
    await modal.getByRole("button", { name: "Place order" }).click();
    await expect(toast(page, `Successfully ordered ${DRILL}`)).toBeVisible();
    await expect(modal).toHaveCount(0);
    await expect(page).toHaveURL(/\/availableProducts$/);

    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "My Orders" })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: DRILL });
    await expect(row.getByRole("cell").nth(0)).toHaveText("150");
    await expect(row.getByRole("cell").nth(1)).toHaveText(/^\$8,820\.00\s*30% off your first order: −\$3,780\.00$/);
    await expect(row.getByRole("link", { name: `Pay for ${DRILL}` })).toHaveAttribute(
      "href",
      /\/dashboard\/payment\/[0-9a-f-]{36}$/,
    );
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);

    await page.goto("/availableProducts");
    await page.getByRole("article").filter({ hasText: DRILL }).getByRole("link", { name: "Order Now" }).click();
    // Typed only once the form shows the customer and the tool's quantity, as a person waits for it.
    await expect(modal.getByLabel("Name")).toHaveValue("Olga Order");
    await expect(quantity).toHaveValue("100");
    await modal.getByLabel("Phone").fill("5550102000");
    await modal.getByLabel("Delivery address").fill("12 Workshop Lane, Springfield");
    await modal.getByRole("button", { name: "Place order" }).click();
    await expect(toast(page, `You already have an unpaid order for ${DRILL}`)).toBeVisible();
    await page.goto("/dashboard");
    await expect(page.getByRole("row").filter({ hasText: DRILL })).toHaveCount(1);
  });

  test("caps the quantity at the stock: 100 box beam levels, not 101", async ({ page }) => {
    await signUpThroughApi(page, newCustomer("Lev Level", "lev"));
    await openOrderModal(page, "Box Beam Level");
    const modal = page.getByRole("dialog", { name: /Box Beam Level/ });
    await modal.getByLabel(/Quantity \(100 to 100 pieces\)/).fill("101");
    await modal.getByRole("button", { name: "Place order" }).click();
    await expect(modal.getByText("Order at most 100 pieces")).toBeVisible();
    await modal.getByRole("button", { name: "Cancel" }).click();
    await expect(modal).toHaveCount(0);
  });

  test("adds a review with a picture: it shows in My Review and on the home page", async ({ page }) => {
    await signUpThroughApi(page, newCustomer("Rita Review", "rita"));
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    await (await dashboardMenu(page)).getByRole("link", { name: "Add Review" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Add Review" })).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("Rita Review");
    await expect(page.getByLabel("Name")).toHaveAttribute("readonly", "");

    await page.getByRole("button", { name: "Add Review" }).click();
    await expect(page.getByText("Rating is Required")).toBeVisible();
    await expect(page.getByText("Description is Required")).toBeVisible();
    await expect(page.getByText("Image is Required")).toBeVisible();

    const words = `Ordered 180 socket sets, all arrived boxed and labelled ${Date.now()}.`;
    await page.getByRole("radio", { name: "4 stars" }).check();
    await page.getByLabel("Your review").fill(words);
    await page.getByLabel("Picture").setInputFiles(await pngPicture(page));
    await expect(page.getByText("Picture uploaded")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Add Review" }).click();
    await expect(toast(page, "Review Data Added Successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/myreview$/);
    const mine = page.getByRole("listitem").filter({ hasText: words });
    await expect(mine).toBeVisible();
    await expect(mine.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    // The reviews sit below the first screen, and come to life when the visitor scrolls down to them.
    await page.keyboard.press("End");
    await expect(page.getByRole("region", { name: "What our customers say" }).getByText(words)).toBeVisible();
  });

  test("fills the profile; My Profile shows it after a reload", async ({ page }) => {
    const { email } = await signUpThroughApi(page, newCustomer("Pat Profile", "pat"));
    await page.goto("/dashboard/myprofile");
    await expect(page.getByText("Your profile is empty.")).toBeVisible();
    await page.getByRole("link", { name: "Complete your profile" }).click();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");

    await page.getByLabel("Facebook URL").fill("not a url");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Provide a Facebook URL, like https://facebook.com/yourname")).toBeVisible();
    await expect(page.getByText("Phone is Required")).toBeVisible();

    await page.getByLabel("Phone (digits only)").fill("5550104000");
    await page.getByLabel("Facebook URL").fill("https://facebook.com/pat.profile");
    await page.getByLabel("Address").fill("1 Main Street, Springfield");
    await page.getByLabel("Picture").setInputFiles(await pngPicture(page, "#c2410c"));
    await expect(page.getByText("Picture uploaded")).toBeVisible();
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(toast(page, "Profile Data Added Successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/myprofile$/);

    await page.reload();
    await expect(page.getByText("5550104000")).toBeVisible();
    await expect(page.getByRole("link", { name: "https://facebook.com/pat.profile" })).toBeVisible();
    await expect(page.getByText("1 Main Street, Springfield")).toBeVisible();
    await expect(page.getByRole("img", { name: "Pat Profile" })).toBeVisible();
    await expectAccessible(page);
  });

  test("a signed-out visitor's Order Now goes through /login and comes back to the open order modal", async ({
    page,
  }) => {
    const account = { name: "Vera Visitor", email: uniqueEmail("vera"), password: "visitor-password" };
    await signUpThroughPage(page, account);
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Log Out" }).click();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" })).toBeVisible();

    await page.goto("/availableProducts");
    await page.getByRole("article").filter({ hasText: DRILL }).getByRole("link", { name: "Order Now" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await logInThroughPage(page, account.email, account.password);
    await expect(page).toHaveURL(/\/orderdetails\?productId=/);
    await expect(page.getByRole("dialog", { name: DRILL })).toBeVisible();
  });

  test("a 401 while loading My Orders signs the customer out and sends them to /login", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 401/);
    const email = uniqueEmail("stale");
    await signUpThroughPage(page, { name: "Stale Token", email, password: "stale-password" });
    await page.waitForFunction(() => localStorage.getItem("accessToken") !== null);
    // A token that looks current to the browser but that the server never signed, stored as the next page
    // starts: a token renewal the sign-up left on its way cannot land after it and replace it.
    await page.addInitScript((sub) => {
      const encode = (value: object) =>
        btoa(JSON.stringify(value)).replaceAll("=", "").replaceAll("+", "-").replaceAll("/", "_");
      const forged = `${encode({ alg: "HS256" })}.${encode({ sub, exp: Math.floor(Date.now() / 1000) + 3600 })}.forged`;
      localStorage.setItem("accessToken", forged);
    }, email);
    // The browser tries once to renew a refused token; here the identity session has ended too.
    await page.route(/\/api\/user\/[^/]+$/, (route) =>
      route.request().method() === "PUT"
        ? route.fulfill({ status: 401, contentType: "application/json", body: '{"statusCode":401}' })
        : route.continue(),
    );
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeNull();
  });
});
