import { type ChangeEvent, type FormEvent, useRef, useState } from "react";

/** Each field's first message, by field name, or by the path of a part of it ("tiers.1.unitPrice"). */
export type FormErrors<Values> = Partial<
  Record<(keyof Values & string) | `${keyof Values & string}.${string}`, string>
>;

/**
 * A form's check: the values as the server will take them (parsed by the contract's schema), or the first
 * message of each field in error. form-checks.ts builds one from a schema (`schemaCheck`).
 */
export type FormCheck<Input, Output> = (
  values: Input,
) => { ok: true; data: Output } | { ok: false; errors: FormErrors<Input> };

/**
 * The dashboard's form pages (Add Review, Update Profile, Add Product) without a forms library, so their
 * first visit stays light (docs/decisions/018-dashboard-forms-bytes.md). The check is the contract's zod
 * schema, the one the server parses the body with, loaded with the first check as before (`loadCheck`).
 * It behaves as react-hook-form with a resolver did on these pages: checked on submit, then again on every
 * change of a field (only that field's message changes); the first field in error that can take the focus
 * takes it; the submit handler gets the parsed values, and `isSubmitting` is true from the check until the
 * handler is done. Inputs are controlled (`register`); other controls take `{ value, onChange, track }`
 * (`control`): `track` hands the form work under way (a picture uploading), and a submit waits for it
 * before the check, so a button pressed during an upload sends the form with the picture.
 */
export function useCheckedForm<Input extends Record<string, unknown>, Output>(
  defaultValues: Input,
  loadCheck: () => Promise<FormCheck<Input, Output>>,
) {
  type Name = keyof Input & string;
  const [values, setValues] = useState(defaultValues);
  const [errors, setErrors] = useState<FormErrors<Input>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  // The latest values, for checks that run before the next render.
  const latest = useRef(values);
  const submitted = useRef(false);
  const elements = useRef<Partial<Record<Name, HTMLElement | null>>>({});
  const checker = useRef<Promise<FormCheck<Input, Output>> | undefined>(undefined);
  // The last check started for each field: an older one that ends later does not overwrite its message.
  const runs = useRef<Partial<Record<Name, number>>>({});
  // Work a control has under way (an upload): a submit waits for all of it.
  const pending = useRef(new Set<Promise<unknown>>());

  function track(work: Promise<unknown>) {
    pending.current.add(work);
    void work.finally(() => pending.current.delete(work)).catch(() => {});
  }

  function check(current: Input) {
    checker.current ??= loadCheck();
    return checker.current.then((run) => run(current));
  }

  function setValue<Field extends Name>(name: Field, value: Input[Field]) {
    const next = { ...latest.current, [name]: value };
    latest.current = next;
    setValues(next);
    if (!submitted.current) return;
    const run = (runs.current[name] ?? 0) + 1;
    runs.current[name] = run;
    void check(next).then((result) => {
      if (runs.current[name] !== run) return;
      // The field's message, and those of its parts (a list's "tiers.1.unitPrice" when "tiers" changed).
      setErrors((previous) => {
        const found: Record<string, string | undefined> = result.ok ? {} : result.errors;
        const updated: Record<string, string | undefined> = { ...previous, [name]: found[name] };
        for (const key of new Set([...Object.keys(previous), ...Object.keys(found)])) {
          if (key.startsWith(`${name}.`)) updated[key] = found[key];
        }
        return updated as FormErrors<Input>;
      });
    });
  }

  /** The props of an input or text area for the field `name`. */
  function register(name: Name) {
    return {
      name,
      value: String(values[name] ?? ""),
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        setValue(name, event.target.value as Input[Name]),
      ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
        elements.current[name] = element;
      },
    };
  }

  /** The value and change handler of another control (star rating, picture) for the field `name`. */
  function control<Field extends Name>(name: Field) {
    return { value: values[name], onChange: (value: Input[Field]) => setValue(name, value), track };
  }

  function handleSubmit(onValid: (data: Output) => Promise<void>) {
    return async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      submitted.current = true;
      setSubmitting(true);
      try {
        while (pending.current.size > 0) await Promise.allSettled([...pending.current]);
        const result = await check(latest.current);
        if (!result.ok) {
          showErrors(result.errors);
          return;
        }
        setErrors({});
        await onValid(result.data);
      } finally {
        setSubmitting(false);
      }
    };
  }

  /** Back to `next` (the default values unless given), with no messages, as before the first submit. */
  function reset(next: Input = defaultValues) {
    latest.current = next;
    submitted.current = false;
    runs.current = {};
    setValues(next);
    setErrors({});
  }

  /** Shows messages that came from elsewhere, such as the fields a 400 answer names. */
  function showErrors(found: FormErrors<Input>) {
    setErrors(found);
    const first = (Object.keys(elements.current) as Name[]).find((name) => found[name] && elements.current[name]);
    if (first) elements.current[first]?.focus();
  }

  return { register, control, errors, isSubmitting, handleSubmit, reset, showErrors };
}
