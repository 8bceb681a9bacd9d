import {
  type AuditAction,
  adminCompanyPatchBodySchema,
  adminCompanySchema,
  COMPANY_LIMITS,
  companyIdParamsSchema,
  companySchema,
  contractPriceSchema,
  priceListBodySchema,
  taxExemptionBodySchema,
} from "@forgeline/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordAudit } from "../audit/queries.js";
import type { Database } from "../db/client.js";
import { callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { errorAnswers, fileAnswer, jsonAnswer, requires } from "../http/route-schema.js";
import { actorOf } from "./policy.js";
import {
  checkPriceList,
  jsonEntries,
  type PriceListEntry,
  priceListCsv,
  priceListOf,
  type RowProblem,
  readPriceListCsv,
} from "./price-list.js";
import {
  allCompanies,
  type CompanyRow,
  companyJson,
  findCompany,
  lockCompany,
  setTaxExemption,
} from "./queries/companies.js";
import { replaceContractPrices } from "./queries/prices.js";
import { paymentTermsOf, setPaymentTerms } from "./queries/terms.js";

const NO_SUCH_COMPANY = "No such company.";
/** A price list sent as a file: at most this many bytes (2 000 rows fit many times over). */
const PRICE_LIST_CSV_BYTES = 512 * 1024;

const COMPANY_ANSWER = jsonAnswer("The company as it is now (`role` null: an admin reads it).", companySchema);
const PRICE_LIST_ANSWER = jsonAnswer(
  "The price list as kept, by SKU: each tool's contract price and list price.",
  z.array(contractPriceSchema),
);

/** The company's row; 404 when there is none. */
async function existingCompany(db: Database, companyId: string) {
  const row = await findCompany(db, companyId);
  if (!row) throw new HttpError(404, NO_SUCH_COMPANY);
  return row;
}

/** A list refused whole, every bad row named. */
function refusedRows(problems: RowProblem[]): never {
  const errors = problems.map(({ field, message }) => ({ field, message }));
  throw new HttpError(400, errors.map((error) => error.message).join("; "), errors);
}

/** Running companies: the list, tax exemption and contract price lists (admins only, each change audited). */
export const adminCompanyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/companies",
    {
      onRequest: app.backOffice("manage:terms"),
      schema: {
        summary: "Every company, newest first, with its member count (admins only)",
        tags: ["Admin companies"],
        security: requires("accessToken"),
        response: { 200: jsonAnswer("Every company.", z.array(adminCompanySchema)), ...errorAnswers(401, 403) },
      },
    },
    async (request) => {
      const admin = await actorOf(app.db, callerOf(request));
      // Whole terms, credit limit included: admins set them (`adminCompanySchema`).
      return (await allCompanies(app.db)).map(({ memberCount, ...row }) => ({
        ...companyJson(row, admin),
        paymentTerms: paymentTermsOf(row),
        memberCount,
      }));
    },
  );

  app.put(
    "/admin/companies/:id/tax-exemption",
    {
      onRequest: app.backOffice("manage:terms"),
      schema: {
        summary: "Mark a company tax-exempt, or not (admins only)",
        description:
          "Exempt needs the company's tax ID (`taxId`, kept with it and named on its invoices); its orders then " +
          "carry no tax. Audited.",
        tags: ["Admin companies"],
        security: requires("accessToken"),
        params: companyIdParamsSchema,
        body: taxExemptionBodySchema,
        response: { 200: COMPANY_ANSWER, ...errorAnswers(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) =>
      auditedChange(
        request,
        request.params.id,
        "company.tax-exemption",
        (tx) => setTaxExemption(tx, request.params.id, request.body),
        {
          taxExempt: (row) => row.taxExempt,
          taxId: (row) => row.taxId,
        },
      ),
  );

  app.patch(
    "/admin/companies/:id",
    {
      onRequest: app.backOffice("manage:terms"),
      schema: {
        summary: "Give a company terms on account, or take them away (admins only)",
        description:
          "`paymentTerms`: `netDays` (one of 7, 15, 30, 45, 60, 90) and `creditLimit` in dollars, or null: the " +
          "company pays by card. Orders placed keep the net days they were placed with; a limit lowered below what " +
          "is used stops new orders on account and changes no placed order. Audited.",
        tags: ["Admin companies"],
        security: requires("accessToken"),
        params: companyIdParamsSchema,
        body: adminCompanyPatchBodySchema,
        response: { 200: COMPANY_ANSWER, ...errorAnswers(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) =>
      auditedChange(
        request,
        request.params.id,
        "company.terms",
        (tx) => setPaymentTerms(tx, request.params.id, request.body.paymentTerms),
        { paymentTerms: paymentTermsOf },
      ),
  );

  /**
   * An admin's change to a company, under its row lock, with the audit entry of the fields it touches (read
   * before and after by `fields`): 404 when there is no such company.
   */
  async function auditedChange(
    request: FastifyRequest,
    id: string,
    action: AuditAction,
    change: (tx: Database) => Promise<CompanyRow | undefined>,
    fields: Record<string, (row: CompanyRow) => unknown>,
  ) {
    const admin = await actorOf(app.db, callerOf(request));
    const seen = (row: CompanyRow) => Object.fromEntries(Object.entries(fields).map(([name, of]) => [name, of(row)]));
    const after = await app.db.transaction(async (tx) => {
      const before = await lockCompany(tx, id);
      if (!before) throw new HttpError(404, NO_SUCH_COMPANY);
      const row = await change(tx);
      if (!row) throw new Error(`company ${id} vanished while locked`);
      await recordAudit(tx, { actor: admin.email, action, target: id, before: seen(before), after: seen(row) });
      return row;
    });
    return companyJson(after, admin);
  }

  app.get(
    "/admin/companies/:id/prices",
    {
      onRequest: app.backOffice("manage:price"),
      schema: {
        summary: "A company's contract price list (admins only)",
        tags: ["Admin companies"],
        security: requires("accessToken"),
        params: companyIdParamsSchema,
        response: { 200: PRICE_LIST_ANSWER, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await existingCompany(app.db, request.params.id);
      return priceListOf(app.db, request.params.id);
    },
  );

  app.get(
    "/admin/companies/:id/prices.csv",
    {
      onRequest: app.backOffice("manage:price"),
      schema: {
        summary: "A company's contract price list as CSV (admins only)",
        description:
          "Columns `sku,unitPrice,name,listPrice`; the file can be edited and sent back to PUT …/prices.csv.",
        tags: ["Admin companies"],
        security: requires("accessToken"),
        params: companyIdParamsSchema,
        response: {
          200: fileAnswer("One row per tool, after a header row.", "text/csv"),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      await existingCompany(app.db, request.params.id);
      const csv = priceListCsv(await priceListOf(app.db, request.params.id));
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="prices.csv"')
        .send(csv);
    },
  );

  /** Puts the checked list in place of the company's, in one transaction, audited; answers the list as kept. */
  async function replacePrices(
    companyId: string,
    admin: string,
    entries: PriceListEntry[],
    problems: RowProblem[] = [],
  ) {
    const checked = await checkPriceList(app.db, entries, problems);
    if (checked.kind === "refused") refusedRows(checked.problems);
    await app.db.transaction(async (tx) => {
      if (!(await lockCompany(tx, companyId))) throw new HttpError(404, NO_SUCH_COMPANY);
      const before = await priceListOf(tx, companyId);
      await replaceContractPrices(tx, companyId, checked.prices);
      const after = await priceListOf(tx, companyId);
      const kept = (list: typeof before) => list.map(({ sku, unitPrice }) => ({ sku, unitPrice }));
      await recordAudit(tx, {
        actor: admin,
        action: "company.prices",
        target: companyId,
        before: kept(before),
        after: kept(after),
      });
    });
    return priceListOf(app.db, companyId);
  }

  app.put(
    "/admin/companies/:id/prices",
    {
      onRequest: app.backOffice("manage:price"),
      schema: {
        summary: "Replace a company's contract price list (admins only)",
        description:
          "`[{ sku, unitPrice }]`, SKUs in any case, prices in dollars above $0; the whole list replaces the one " +
          "kept. A row whose SKU names no tool in the catalogue, or repeats one, is reported by its number " +
          `("Row 3: no tool has SKU X") and nothing changes. At most ${COMPANY_LIMITS.priceListRows} rows. Audited.`,
        tags: ["Admin companies"],
        security: requires("accessToken"),
        params: companyIdParamsSchema,
        body: priceListBodySchema,
        response: { 200: PRICE_LIST_ANSWER, ...errorAnswers(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      await existingCompany(app.db, request.params.id);
      return replacePrices(request.params.id, callerOf(request).email, jsonEntries(request.body));
    },
  );

  // The file upload reads CSV text and nothing else: a JSON body there is 415.
  await app.register(async (scope) => {
    const csvOnly = scope.withTypeProvider<ZodTypeProvider>();
    csvOnly.removeAllContentTypeParsers();
    csvOnly.addContentTypeParser("text/csv", { parseAs: "string", bodyLimit: PRICE_LIST_CSV_BYTES }, (_r, body, done) =>
      done(null, body),
    );
    csvOnly.put(
      "/admin/companies/:id/prices.csv",
      {
        onRequest: app.backOffice("manage:price"),
        schema: {
          summary: "Replace a company's contract price list from a CSV file (admins only)",
          description:
            "A `text/csv` body: a header naming `sku` and `unitPrice` (other columns ignored), or none (then the " +
            "first two columns); `,` `;` or tab between cells; a byte-order mark is fine. Rows are numbered by " +
            "their line in the file; any bad row is reported by its number and nothing changes. Audited.",
          tags: ["Admin companies"],
          security: requires("accessToken"),
          params: companyIdParamsSchema,
          consumes: ["text/csv"],
          body: z.string().describe("The price list as CSV text."),
          response: { 200: PRICE_LIST_ANSWER, ...errorAnswers(400, 401, 403, 404, 413, 415) },
        },
      },
      async (request) => {
        await existingCompany(app.db, request.params.id);
        const read = readPriceListCsv(request.body);
        return replacePrices(request.params.id, callerOf(request).email, read.entries, read.problems);
      },
    );
  });
};
