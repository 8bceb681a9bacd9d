import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { loginFormSchema, newPasswordFormSchema, resetRequestFormSchema, signupFormSchema } from "./account.js";
import {
  checkText,
  loginFields,
  newPasswordFields,
  resetRequestFields,
  signupFields,
  type TextRules,
} from "./field-rules.js";

/** What the light forms of the sign-in pages say and send: each field's first broken rule, and the values. */
function checkForm(fields: Record<string, TextRules>, input: Record<string, string>) {
  const messages: Record<string, string> = {};
  const values: Record<string, string> = {};
  for (const [name, rules] of Object.entries(fields)) {
    const { value, error } = checkText(rules, input[name] ?? "");
    values[name] = value;
    if (error) messages[name] = error;
  }
  return { messages, values };
}

/** What the server says (its zod schema): each field's first message, or the parsed values. */
function parse(schema: z.ZodType, input: Record<string, string>) {
  const result = schema.safeParse(input);
  if (result.success) return { messages: {}, values: result.data };
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) messages[String(issue.path[0] ?? "")] ??= issue.message;
  return { messages, values: undefined };
}

const forms = [
  ["login", loginFields, loginFormSchema],
  ["sign-up", signupFields, signupFormSchema],
  ["reset request", resetRequestFields, resetRequestFormSchema],
  ["new password", newPasswordFields, newPasswordFormSchema],
] as const;

const inputs: Record<string, string>[] = [
  {},
  { name: " ", email: "  ", password: "" },
  { name: "Ana", email: "someone@example", password: "12345" },
  { name: "Ana", email: " first.last@company.co.uk ", password: " 123456" },
  { name: "n".repeat(101), email: `${"a".repeat(243)}@example.com`, password: "x".repeat(129) },
  { name: " Ana Lopez ", email: "ana@example.com", password: "secret-password" },
];

describe("the sign-in forms' rules are the server's (one source: field-rules.ts)", () => {
  for (const [form, fields, schema] of forms) {
    it.each(inputs)(`${form}: the page says and sends what the server says and takes, for %o`, (input) => {
      const page = checkForm(fields, input);
      const server = parse(schema, input);
      expect(page.messages).toEqual(server.messages);
      if (server.values) expect(page.values).toEqual(server.values);
    });
  }

  it("trims what the rules trim, and keeps a password as typed", () => {
    expect(checkForm(signupFields, { name: " Ana ", email: " ana@example.com ", password: " secret " })).toEqual({
      messages: {},
      values: { name: "Ana", email: "ana@example.com", password: " secret " },
    });
    expect(checkForm(loginFields, { email: "ana@example", password: "12345" }).messages).toEqual({
      email: "Provide a Valid Email",
      password: "Must be 6 Characters Or Longer",
    });
  });
});
