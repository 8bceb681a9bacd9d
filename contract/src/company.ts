import { z } from "zod";
import { emailField } from "./account.js";
import { COMPANY_LIMITS, COMPANY_ROLES, NET_DAYS } from "./company-terms.js";
import { MAX_LENGTH, UNIT_PRICE_MAX_CENTS } from "./limits.js";
import { centsToDollars, isWholeCents } from "./money.js";
import { addressField, phoneField } from "./ordering-fields.js";
import { COMPANY_ACTIONS } from "./permissions.js";
import { atLeastOneCentMessage, isAtLeastOneCent } from "./positive-amount.js";
import { plainText, requiredText } from "./text-field.js";

/**
 * Companies (docs/SELLING-TO-BUSINESSES.md, 'Companies'): colleagues who share orders, delivery addresses and contract
 * prices. The roles, the bodies of the company routes and what they answer.
 */
export {
  COMPANY_LIMITS,
  COMPANY_ROLES,
  type CompanyRole,
  CREDIT_HOLD_AFTER_DAYS,
  dayInWords,
  NET_DAYS,
  type NetDays,
  ON_ACCOUNT_MESSAGES,
  type PaymentTerms,
  REQUESTER_CANNOT_PAY,
} from "./company-terms.js";

const companyNameField = requiredText("Company name is Required", "Company name", COMPANY_LIMITS.name);

const roleField = z.enum(COMPANY_ROLES, { error: "Choose a role: owner, buyer or requester" });

const taxIdField = z
  .string()
  .trim()
  .max(COMPANY_LIMITS.taxId, { error: `A tax ID has at most ${COMPANY_LIMITS.taxId} characters` })
  .regex(/^[A-Za-z0-9 .\-/]*$/, { error: "A tax ID holds letters, digits, spaces, dots, dashes and slashes" });

/** Dollars with at most two decimals, from 0. */
export const moneyField = (label: string, max: number) =>
  z
    .number({ error: `${label} must be an amount in dollars` })
    .min(0, { error: `${label} cannot be negative` })
    .max(max, { error: `${label} is at most $${max.toLocaleString("en-US")}` })
    .refine(isWholeCents, {
      error: `${label} must be an amount in dollars with at most two decimals`,
    });

/**
 * Dollars with at most two decimals, more than $0 and at least a cent once rounded (1e-9 is more than $0 but no
 * cent). The message of an amount at or below $0 stays "… must be more than $0".
 */
export const positiveMoneyField = (label: string, max: number) =>
  moneyField(label, max).refine(isAtLeastOneCent, {
    error: (issue) => ((issue.input as number) > 0 ? atLeastOneCentMessage(label) : `${label} must be more than $0`),
  });

/** POST /api/companies: the caller creates a company and becomes its owner. */
export const newCompanyBodySchema = z.object({
  name: companyNameField,
  taxId: taxIdField.optional(),
});

/**
 * Where the company's invoices are addressed, frozen on each order placed (docs/SELLING-TO-BUSINESSES.md,
 * 'Companies'). Blank or null: none, and an order is billed to the address it goes to.
 */
const billingAddressField = plainText(
  z
    .string({ error: "The billing address must be text" })
    .trim()
    .max(MAX_LENGTH.address, { error: `Billing address must be ${MAX_LENGTH.address} characters or fewer` }),
  "Billing address",
  "many",
)
  .nullable()
  .transform((text) => text || null);

/** PATCH /api/companies/{id}: the owners' settings. */
export const companySettingsBodySchema = z
  .object({
    name: companyNameField.optional(),
    poRequired: z.boolean({ error: "poRequired must be true or false" }).optional(),
    billingAddress: billingAddressField.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: "Send a setting to change" });

/** POST /api/companies/{id}/invitations. */
export const invitationBodySchema = z.object({ email: emailField(), role: roleField });

/** PATCH /api/companies/{id}/members/{email}: a role, a monthly limit (null: none), or both. */
export const memberChangeBodySchema = z
  .object({
    role: roleField.optional(),
    monthlyLimit: moneyField("The monthly limit", COMPANY_LIMITS.monthlyLimitMax).nullable().optional(),
  })
  .refine((body) => body.role !== undefined || body.monthlyLimit !== undefined, {
    error: "Send a role or a monthly limit",
  });

/** POST /api/companies/{id}/addresses. */
export const companyAddressBodySchema = z.object({
  label: requiredText("Label is Required", "Label", COMPANY_LIMITS.addressLabel),
  address: addressField,
  phone: phoneField,
});

/** POST /api/companies/{id}/orders/{orderId}/approve: the body (a request without one has `null`), and its note, may be left out. */
export const approvalBodySchema = z
  .object({
    note: plainText(
      z
        .string()
        .trim()
        .max(COMPANY_LIMITS.rejectionNote, { error: `A note has at most ${COMPANY_LIMITS.rejectionNote} characters` }),
      "A note",
      "many",
    ).optional(),
  })
  .nullish();

/** POST /api/companies/{id}/orders/{orderId}/reject. */
export const rejectionBodySchema = z.object({
  note: requiredText("Say why the order is rejected", "Note", COMPANY_LIMITS.rejectionNote, "many"),
});

/** PUT /api/admin/companies/{id}/tax-exemption. */
export const taxExemptionBodySchema = z
  .object({ taxExempt: z.boolean({ error: "taxExempt must be true or false" }), taxId: taxIdField.optional() })
  .refine((body) => !body.taxExempt || (body.taxId ?? "").length > 0, {
    error: "A tax-exempt company needs its tax ID",
    path: ["taxId"],
  });

/** A company's terms on account; `null` in a PATCH takes them away. */
export const paymentTermsSchema = z.object({
  netDays: z.union(
    NET_DAYS.map((days) => z.literal(days)),
    { error: `Net days must be one of ${NET_DAYS.join(", ")}` },
  ),
  creditLimit: moneyField("Credit limit", COMPANY_LIMITS.creditLimitMax),
});

/** PATCH /api/admin/companies/{id}: what an admin changes of a company (audited). */
export const adminCompanyPatchBodySchema = z.object({
  paymentTerms: paymentTermsSchema.nullable(),
});

/**
 * GET /api/companies/{id}/credit (owners and buyers) and an admin's company: what it may still owe on account.
 * `hold` names the invoice more than CREDIT_HOLD_AFTER_DAYS overdue that stops new orders on account.
 */
export const companyCreditSchema = z.object({
  paymentTerms: paymentTermsSchema.nullable(),
  used: z.number(),
  available: z.number(),
  hold: z.object({ invoiceNumber: z.string(), dueAt: z.string() }).nullable(),
});

/**
 * A company's terms as its answer carries them: the credit limit, what it may owe, only for who reads its credit
 * (`read:credit`: owners and buyers) and for the admins who set it; a requester reads the net days alone
 * (docs/decisions/058-what-requesters-read.md).
 */
export const companyTermsSchema = paymentTermsSchema.extend({
  creditLimit: z
    .number()
    .optional()
    .describe(
      "Left out unless the caller reads the company's credit (`read:credit`: owners and buyers) or is an admin.",
    ),
});

export const companySchema = z.object({
  _id: z.string(),
  name: z.string(),
  taxId: z.string().nullable(),
  taxExempt: z.boolean(),
  poRequired: z.boolean(),
  /** Where its invoices are addressed; null: to each order's delivery address. */
  billingAddress: z.string().nullable(),
  /** Its terms on account, set by an admin; null: it pays by card. */
  paymentTerms: companyTermsSchema.nullable(),
  /** The caller's role in it (null for an admin reading it). */
  role: z.enum(COMPANY_ROLES).nullable(),
  createdAt: z.string(),
  /** What the caller may do in it beyond reading and leaving (permissions.ts); none for an admin. */
  actions: z.array(z.enum(COMPANY_ACTIONS)),
  /** GET /api/companies/mine for an owner: how many of its orders wait for their approval. */
  awaitingApproval: z.number().int().optional(),
});

export const companyMemberSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(COMPANY_ROLES),
  /** Dollars a month; null: no limit. */
  monthlyLimit: z.number().nullable(),
  /** What the member's orders this calendar month (UTC) take, neither cancelled nor refunded. */
  spentThisMonth: z.number(),
  joinedAt: z.string(),
});

export const invitationSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  invitedBy: z.string(),
  expiresAt: z.string(),
});

export const companyAddressSchema = z.object({
  _id: z.string(),
  label: z.string(),
  address: z.string(),
  phone: z.string(),
});

export const companyIdParamsSchema = z.object({ id: z.uuid({ error: "Not a valid company id" }) });
export const memberParamsSchema = companyIdParamsSchema.extend({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(MAX_LENGTH.email)
    .pipe(z.email({ error: "Not a valid email" })),
});

export type NewCompanyBody = z.infer<typeof newCompanyBodySchema>;
export type CompanySettingsBody = z.infer<typeof companySettingsBodySchema>;
export type InvitationBody = z.infer<typeof invitationBodySchema>;
export type MemberChangeBody = z.infer<typeof memberChangeBodySchema>;
export type CompanyAddressBody = z.infer<typeof companyAddressBodySchema>;
export type Company = z.infer<typeof companySchema>;
export type CompanyMember = z.infer<typeof companyMemberSchema>;
export type Invitation = z.infer<typeof invitationSchema>;
export type CompanyAddress = z.infer<typeof companyAddressSchema>;

/** An invitation's link holds 32 random bytes, base64url: 43 characters. */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const invitationTokenParamsSchema = z.object({
  token: z.string().regex(INVITATION_TOKEN_PATTERN, { error: "Not a valid invitation link" }),
});
export const invitationIdParamsSchema = companyIdParamsSchema.extend({
  invitationId: z.uuid({ error: "Not a valid invitation id" }),
});
export const addressIdParamsSchema = companyIdParamsSchema.extend({
  addressId: z.uuid({ error: "Not a valid address id" }),
});

/** GET /api/invitations/{token}: what the invited address is asked to accept. */
export const invitationViewSchema = z.object({
  companyName: z.string(),
  role: z.enum(COMPANY_ROLES),
  email: z.string(),
  expiresAt: z.string(),
});

/** GET /api/admin/companies: each company, as an admin reads it (`role` null), with how many members it has. */
export const adminCompanySchema = companySchema.extend({
  paymentTerms: paymentTermsSchema.nullable(),
  memberCount: z.number().int(),
});

/** A contract price: dollars a piece, more than $0. */
const contractPriceField = positiveMoneyField("The unit price", centsToDollars(UNIT_PRICE_MAX_CENTS));

/** One row of a company's price list as an admin sends it: a SKU in any case and its contract price. */
export const priceListRowSchema = z.object({
  sku: plainText(
    z
      .string({ error: "SKU must be text" })
      .trim()
      .min(1, { error: "SKU is Required" })
      .max(32, { error: "A SKU has at most 32 characters" }),
    "SKU",
  ),
  unitPrice: contractPriceField,
});

/** PUT /api/admin/companies/{id}/prices: the whole list, replacing the one kept. */
export const priceListBodySchema = z
  .array(priceListRowSchema, { error: "Send the price list as a list of { sku, unitPrice }" })
  .max(COMPANY_LIMITS.priceListRows, { error: `A price list has at most ${COMPANY_LIMITS.priceListRows} rows` });

/** A row of the price list as it is kept: the tool's SKU and name, the contract price and the list price. */
export const contractPriceSchema = z.object({
  sku: z.string(),
  name: z.string(),
  unitPrice: z.number(),
  listPrice: z.number(),
});

export type InvitationView = z.infer<typeof invitationViewSchema>;
export type AdminCompany = z.infer<typeof adminCompanySchema>;
export type AdminCompanyPatchBody = z.infer<typeof adminCompanyPatchBodySchema>;
export type CompanyCredit = z.infer<typeof companyCreditSchema>;
export type PriceListRow = z.infer<typeof priceListRowSchema>;
export type ContractPrice = z.infer<typeof contractPriceSchema>;
