import { canOrder, type Product, plainDollars } from "@forgeline/contract";
import { paths } from "../../config/paths";
import { sellableStock } from "../../lib/quantity-limits";
import { productTitle, SHOP_NAME } from "./product-title";
import { ruleOf } from "./selling-terms";

/** Search results show about this much of a description. */
const DESCRIPTION_LENGTH = 160;

const escaped = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function summary(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= DESCRIPTION_LENGTH ? flat : `${flat.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}

/**
 * The JSON-LD of a product page: a schema.org Product with its Offer. An offer is in stock when an order
 * can be placed (the stock covers the smallest order of the tool's quantity rule), since the shop sells in
 * bulk only; the eligible quantity is the rule's range.
 */
export function productJsonLd(product: Product, origin: string) {
  const url = origin + paths.product(product._id);
  const rule = ruleOf(product);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    image: new URL(product.image, origin).href,
    sku: product.sku || product._id,
    url,
    brand: { "@type": "Brand", name: "Forgeline" },
    offers: {
      "@type": "Offer",
      url,
      price: plainDollars(product.price),
      priceCurrency: "USD",
      availability: canOrder(sellableStock(product), rule)
        ? "https://schema.org/InStock"
        : "https://schema.org/OutOfStock",
      eligibleQuantity: {
        "@type": "QuantitativeValue",
        minValue: rule.min,
        maxValue: rule.max,
        unitText: "pieces",
      },
    },
  };
}

/**
 * What a product page puts in the `<head>` on the server (it replaces the shop's own title and
 * description): a title and description of its own, the canonical address, Open Graph and Twitter card
 * tags for a shared link, and the JSON-LD (`<` escaped, so no text of the product can close the script).
 */
export function productHead(product: Product, origin: string): string {
  const url = origin + paths.product(product._id);
  const image = new URL(product.image, origin).href;
  const description = summary(product.description);
  const meta = (attribute: "name" | "property", key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escaped(value)}">`;
  return [
    `<title>${escaped(productTitle(product))}</title>`,
    meta("name", "description", description),
    `<link rel="canonical" href="${escaped(url)}">`,
    meta("property", "og:type", "product"),
    meta("property", "og:site_name", SHOP_NAME),
    meta("property", "og:title", product.name),
    meta("property", "og:description", description),
    meta("property", "og:url", url),
    meta("property", "og:image", image),
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:title", product.name),
    meta("name", "twitter:description", description),
    meta("name", "twitter:image", image),
    `<script type="application/ld+json">${JSON.stringify(productJsonLd(product, origin)).replaceAll("<", "\\u003c")}</script>`,
  ].join("");
}
