import type { Product } from "@forgeline/contract";

export const SHOP_NAME = "Forgeline Tools";
/** The shop's own title, as web/index.html has it: every page but a product's. */
export const SHOP_TITLE = "Forgeline Tools: bulk tools from the manufacturer";

/** A product page's `<title>`: the tool first, as a search result shows it. */
export function productTitle(product: Product): string {
  return `${product.name} | ${SHOP_NAME}`;
}
