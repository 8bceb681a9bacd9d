/** What the forms' lazy resolvers (lazy-resolver.ts) load with their first check. */

export {
  orderFormSchema,
  orderQuantityField,
  productBodySchema,
  productEditSchema,
  profileBodySchema,
  restockSchema,
  reviewBodySchema,
} from "@forgeline/contract";
export { zodResolver } from "@hookform/resolvers/zod";
