import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A form's resolver whose checks load with the first check (a submit, or a change after one), not with the
 * page: zod and the contract's schemas (form-checks.ts) are ~25 KB of gzipped JS that showing a form does
 * not need. The rules and messages are the contract's, as before; only when they arrive changes.
 */
export function lazyResolver<Input extends FieldValues, Output>(
  load: () => Promise<Resolver<Input, unknown, Output>>,
): Resolver<Input, unknown, Output> {
  let loaded: Promise<Resolver<Input, unknown, Output>> | undefined;
  return async (values, context, options) => {
    loaded ??= load();
    return (await loaded)(values, context, options);
  };
}
