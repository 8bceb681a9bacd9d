import { E2E_ADMIN, signInThroughApi } from "../support/accounts.js";
import { expect, test } from "../support/fixtures.js";
import { pngPicture } from "../support/pictures.js";

test.describe("pictures in several widths", () => {
  test("a card and a product page offer every width, and the page loads the one its width needs", async ({
    page,
  }, testInfo) => {
    // An admin uploads a 1600 px picture and adds a tool with it.
    await page.goto("/");
    await signInThroughApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
    const origin = new URL(testInfo.project.use.baseURL ?? "").origin;
    const token = (
      await (await page.request.put(`/api/user/${encodeURIComponent(E2E_ADMIN.email)}`, { headers: { origin } })).json()
    ).token as string;
    const admin = { authorization: `Bearer ${token}` };
    const picture = await pngPicture(page, "#b45309", { width: 1600, height: 1200 });
    const uploaded = await page.request.post("/api/image", { headers: admin, multipart: { image: picture } });
    expect(uploaded.status()).toBe(200);
    const url = (await uploaded.json()).data.url as string;
    expect(url).toMatch(/^\/images\/[0-9a-f-]{36}-1280\.webp$/);
    const stem = url.replace("-1280.webp", "");
    const srcset = `${stem}-320.webp 320w, ${stem}-640.webp 640w, ${stem}-1280.webp 1280w`;
    const word = `srcset${Math.random()
      .toString(36)
      .replace(/[^a-z]/g, "")
      .slice(0, 8)}`;
    const name = `Forgeline Picture Clamp ${word}`;
    const added = await page.request.post("/api/product", {
      headers: admin,
      data: { name, price: 9.5, quantity: 150, description: "A clamp with a wide picture.", image: url },
    });
    expect(added.status()).toBe(201);
    const id = (await added.json()).insertedId as string;

    // The server's HTML already carries the widths (React writes the attribute as srcSet; HTML ignores case).
    const html = await (await page.request.get(`/product/${id}`)).text();
    expect(html).toContain(`srcSet="${srcset}"`);

    await page.goto(`/availableProducts?q=${word}`);
    const card = page.getByRole("article").getByRole("img", { name });
    await expect(card).toHaveAttribute("srcset", srcset);
    await expect(card).toHaveAttribute("width", "400");

    // A fresh page of the product, counting the widths of this picture the browser asks for.
    const requested: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith(stem)) requested.push(path.slice(stem.length));
    });
    await page.goto(`/product/${id}`);
    const shown = page.getByRole("img", { name });
    await expect(shown).toHaveAttribute("srcset", srcset);
    await expect(shown).toHaveAttribute("width", "800");
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeTruthy();
    // 600 px wide on a desktop: 640. A 360 px phone with two device pixels per CSS pixel would take 1280
    // for its 328 px; it is offered nothing wider than 640.
    expect(requested).toEqual(["-640.webp"]);
    expect(await shown.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toBe(`${stem}-640.webp`);
  });
});
