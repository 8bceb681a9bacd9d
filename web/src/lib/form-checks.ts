/**
 * What the forms' checks load with their first check: zod, the contract's schemas, and for the forms of
 * the dialogs and the order modal, zod's resolver for react-hook-form (lazy-resolver.ts).
 */
import type { input as ZodInput, output as ZodOutput, ZodType } from "zod";
import type { FormCheck, FormErrors } from "./use-checked-form";

export {
  checkoutFormSchema,
  newProductSchema,
  orderFormSchema,
  orderQuantityField,
  paymentReceivedBodySchema,
  paymentTermsSchema,
  productBodySchema,
  productEditSchema,
  productPatchSchema,
  profileBodySchema,
  promotionBodySchema,
  promotionPatchSchema,
  restockInWarehouseSchema,
  reviewBodySchema,
  sellingTermsProblems,
  warehouseBodySchema,
} from "@forgeline/contract";
export { zodResolver } from "@hookform/resolvers/zod";

/**
 * The check of a form page (use-checked-form.ts) by a contract schema, the one the server parses the body
 * with: its parsed values, or each field's first message (as zod's resolver gave them to react-hook-form).
 */
export function schemaCheck<Schema extends ZodType<unknown, Record<string, unknown>>>(
  schema: Schema,
): FormCheck<ZodInput<Schema>, ZodOutput<Schema>> {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { ok: true, data: result.data };
    const errors: FormErrors<ZodInput<Schema>> = {};
    for (const issue of result.error.issues) {
      const name = issue.path.join(".") as keyof typeof errors;
      errors[name] ??= issue.message;
    }
    return { ok: false, errors };
  };
}
