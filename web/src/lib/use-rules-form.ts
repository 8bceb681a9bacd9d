import { checkText, type FieldValues, type TextRules } from "@forgeline/contract";
import { type FormEvent, useRef, useState } from "react";

/**
 * A form of text fields checked by their rules from the contract (the same rules the server enforces),
 * without a forms or schema library, so the public sign-in pages stay light. It behaves as react-hook-form
 * with a resolver does on the other forms: checked on submit, then again on every change of a field; the
 * first field in error takes the focus; the submit handler gets the values as checked (trimmed where the
 * rules trim) and the button can stay disabled while it runs. The inputs are uncontrolled, so what a
 * visitor typed before a server-rendered page came alive stays.
 */
export function useRulesForm<Fields extends Record<string, TextRules>>(fields: Fields) {
  type Name = keyof Fields & string;
  const inputs = useRef<Partial<Record<Name, HTMLInputElement | null>>>({});
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);

  const check = (name: Name) => checkText(fields[name] as TextRules, inputs.current[name]?.value ?? "");

  function register(name: Name) {
    return {
      name,
      ref: (input: HTMLInputElement | null) => {
        inputs.current[name] = input;
      },
      onChange: () => {
        if (submitted) setErrors((previous) => ({ ...previous, [name]: check(name).error }));
      },
    };
  }

  function handleSubmit(onValid: (values: FieldValues<Fields>) => Promise<void>) {
    return async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setSubmitted(true);
      const values: Partial<Record<Name, string>> = {};
      const found: Partial<Record<Name, string>> = {};
      for (const name of Object.keys(fields) as Name[]) {
        const { value, error } = check(name);
        values[name] = value;
        if (error) found[name] = error;
      }
      setErrors(found);
      const firstInError = (Object.keys(found) as Name[])[0];
      if (firstInError) {
        inputs.current[firstInError]?.focus();
        return;
      }
      setSubmitting(true);
      try {
        await onValid(values as FieldValues<Fields>);
      } finally {
        setSubmitting(false);
      }
    };
  }

  return { register, errors, isSubmitting, handleSubmit };
}
