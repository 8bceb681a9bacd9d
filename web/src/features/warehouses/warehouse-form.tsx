import { WAREHOUSE_LIMITS, type WarehouseBody, type WarehouseInput } from "@forgeline/contract";
import { useState } from "react";
import { Field } from "../../components/field";
import { FormRefusal } from "../../components/form-refusal";
import { notify, refusedFields } from "../../lib/toast";
import { type FormErrors, useCheckedForm } from "../../lib/use-checked-form";
import { useAddWarehouse } from "./api/warehouses";

type WarehouseFields = { code: string; name: string; address: string };
const FIELDS = ["code", "name", "address"] as const;

const EMPTY: WarehouseFields = { code: "", name: "", address: "" };

/**
 * Add a warehouse: code, name, address. Checked by the contract's schema (the one the server parses the body
 * with); the messages of a 400 or 409 (a code taken) show beside their fields.
 */
export function WarehouseForm() {
  const add = useAddWarehouse();
  const form = useCheckedForm<WarehouseFields, WarehouseBody>(EMPTY, async () => {
    const { schemaCheck, warehouseBodySchema } = await import("../../lib/form-checks");
    const check = schemaCheck(warehouseBodySchema);
    return (values) => {
      const result = check(values satisfies WarehouseInput);
      return result.ok ? result : { ok: false, errors: result.errors as FormErrors<WarehouseFields> };
    };
  });
  const { errors, isSubmitting } = form;

  // A refusal no field shows (a 403, no answer) stands beside the button.
  const [refusal, setRefusal] = useState<unknown>(null);

  const submit = form.handleSubmit(async (body) => {
    setRefusal(null);
    try {
      await add.mutateAsync(body);
      notify("success", `Warehouse: ${body.code} is added`);
      form.reset(EMPTY);
    } catch (error) {
      const found = refusedFields(error);
      if (found) form.showErrors(found);
      setRefusal(error);
    }
  });

  return (
    <section aria-labelledby="warehouse-form-heading" className="max-w-xl">
      <h2 id="warehouse-form-heading" className="mb-3 text-xl font-bold">
        Add a warehouse
      </h2>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Code" maxLength={WAREHOUSE_LIMITS.codeMax} error={errors.code} {...form.register("code")} />
          <Field label="Name" maxLength={WAREHOUSE_LIMITS.nameMax} error={errors.name} {...form.register("name")} />
        </div>
        <Field label="Address" error={errors.address} {...form.register("address")} />
        <FormRefusal error={refusal} fields={FIELDS} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            Add warehouse
          </button>
        </div>
      </form>
    </section>
  );
}
