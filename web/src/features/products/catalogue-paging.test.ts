import { describe, expect, it } from "vitest";
import { cataloguePageRange, requestedCataloguePage } from "./catalogue-paging";

describe("the catalogue page an address asks for", () => {
  it.each([
    ["", 1],
    ["?page=1", 1],
    ["?page=2", 2],
    ["?page=40", 40],
    ["?page=2.9", 2],
    ["?page=3abc", 3],
  ])("%j is page %i", (search, page) => {
    expect(requestedCataloguePage(new URLSearchParams(search))).toBe(page);
  });

  it.each(["?page=0", "?page=-2", "?page=abc", "?page=", "?page=Infinity"])("%j is page 1", (search) => {
    expect(requestedCataloguePage(new URLSearchParams(search))).toBe(1);
  });
});

describe("the products on a catalogue page: 9 a page", () => {
  it("starts page 1 at the first product and page 3 at the nineteenth", () => {
    expect(cataloguePageRange(1)).toEqual({ limit: 9, offset: 0 });
    expect(cataloguePageRange(3)).toEqual({ limit: 9, offset: 18 });
  });
});
