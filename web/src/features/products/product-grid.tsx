import type { Product } from "@forgeline/contract";
import { ProductCard } from "./product-card";

/** Cards in a responsive grid; the first row's pictures load at once, the rest when scrolled to. */
export function ProductGrid({ products, headingLevel = 3 }: { products: Product[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard product={product} eager={index < 3} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
