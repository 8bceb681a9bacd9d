import {
  type CartFillRow,
  cartFillAnswerSchema,
  cartImportBodySchema,
  deletedCountSchema,
  idParamsSchema,
  insertedIdSchema,
  listChangeBodySchema,
  listImportAnswerSchema,
  newListBodySchema,
  savedListSchema,
} from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { cartJson } from "../cart/cart-answer.js";
import { type FillItem, fillCart } from "../cart/fill.js";
import { actorOf } from "../company/policy.js";
import { callerOf } from "../http/caller.js";
import { csvLine } from "../http/csv.js";
import { HttpError } from "../http/errors.js";
import { requireBuyer } from "../http/guard.js";
import { errorAnswers, fileAnswer, jsonAnswer, requires } from "../http/route-schema.js";
import { withBuyerLock } from "../ordering/order-rules.js";
import type { ProductRow } from "../product/queries/products.js";
import { spendAllowance } from "../rate-limit/account-allowances.js";
import { listJson, listsJson } from "./answer.js";
import { importText, importToList } from "./import.js";
import { listLineErrors, toolsBySku } from "./lines.js";
import { deleteList, insertList, listFor, listsFor, updateList } from "./queries.js";

const LIST_ANSWER = jsonAnswer("The list, each line with its tool as it is now.", savedListSchema);
const NOT_IN_A_COMPANY = "Join a company to share a list with it";

/** A 400 naming every line at fault, or nothing when every line may be on a list. */
async function refuseBadLines(db: Parameters<typeof listLineErrors>[0], lines: Parameters<typeof listLineErrors>[1]) {
  const errors = await listLineErrors(db, lines);
  if (errors[0]) throw new HttpError(400, errors[0].message, errors);
}

/**
 * Saved lists (docs/RECURRING.md, 'Saved lists'): a buyer's own, or shared with their company; put in the cart with
 * quick order's report per line, and out and in as CSV through quick order's reader.
 */
export const listRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/lists",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "The caller's saved lists and those shared with their company",
        tags: ["Lists"],
        security: requires("accessToken"),
        response: { 200: jsonAnswer("Newest change first.", z.array(savedListSchema)), ...errorAnswers(401, 403) },
      },
    },
    async (request) => {
      const email = requireBuyer(callerOf(request), "create:list");
      const actor = await actorOf(app.db, callerOf(request));
      return listsJson(app.db, actor, await listsFor(app.db, email, actor.membership?.companyId));
    },
  );

  app.post(
    "/lists",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Save a list of SKUs and quantities (from the cart, an order, or typed)",
        description:
          "Each line must name a tool for sale and keep to its quantity rule; every line that does not is named in " +
          "`errors` (`lines.2.sku`, `lines.0.quantity`) with why, and nothing is saved. `shared` shares it with the " +
          "caller's company.",
        tags: ["Lists"],
        security: requires("accessToken"),
        body: newListBodySchema,
        response: {
          201: jsonAnswer("Saved; `insertedId` is its id.", insertedIdSchema),
          ...errorAnswers(400, 401, 403, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const email = requireBuyer(callerOf(request), "create:list");
      const { name, shared, lines } = request.body;
      const actor = await actorOf(app.db, callerOf(request));
      const companyId = shared ? actor.membership?.companyId : null;
      if (companyId === undefined)
        throw new HttpError(400, NOT_IN_A_COMPANY, [{ field: "shared", message: NOT_IN_A_COMPANY }]);
      await refuseBadLines(app.db, lines);
      const insertedId = await insertList(app.db, { userEmail: email, companyId, name, lines });
      return reply.code(201).send({ insertedId });
    },
  );

  app.get(
    "/lists/:id",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "One saved list",
        description: "The caller's own, or one shared with their company; anyone else's is 404.",
        tags: ["Lists"],
        security: requires("accessToken"),
        params: idParamsSchema,
        response: { 200: LIST_ANSWER, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => {
      requireBuyer(callerOf(request), "create:list");
      const actor = await actorOf(app.db, callerOf(request));
      return listJson(app.db, actor, await listFor(app.db, actor, request.params.id, "read:list"));
    },
  );

  app.patch(
    "/lists/:id",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Rename a list, share it or not, or replace its lines",
        description:
          "Its maker, or an owner of the company it is shared with. Lines are checked as when saved: every line at " +
          "fault is named and nothing changes.",
        tags: ["Lists"],
        security: requires("accessToken"),
        params: idParamsSchema,
        body: listChangeBodySchema,
        response: { 200: LIST_ANSWER, ...errorAnswers(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      requireBuyer(callerOf(request), "create:list");
      const actor = await actorOf(app.db, callerOf(request));
      const row = await listFor(app.db, actor, request.params.id, "update:list");
      const { name, shared, lines } = request.body;
      let companyId = row.companyId;
      if (shared === false) companyId = null;
      if (shared === true && !row.companyId) {
        // Shared with its maker's company: an owner changing a colleague's list shares it with theirs, the same.
        const makerCompany = row.userEmail === actor.email ? actor.membership?.companyId : undefined;
        if (!makerCompany) throw new HttpError(400, NOT_IN_A_COMPANY, [{ field: "shared", message: NOT_IN_A_COMPANY }]);
        companyId = makerCompany;
      }
      if (lines) await refuseBadLines(app.db, lines);
      const changed = await updateList(app.db, row.id, { companyId, ...(name && { name }), ...(lines && { lines }) });
      if (!changed) throw new HttpError(404, "List not found");
      return listJson(app.db, actor, changed);
    },
  );

  app.delete(
    "/lists/:id",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Delete a list",
        description:
          "Its maker, or an owner of the company it is shared with. A recurring order of it records its next run as not placed, saying why.",
        tags: ["Lists"],
        security: requires("accessToken"),
        params: idParamsSchema,
        response: { 200: jsonAnswer("Deleted.", deletedCountSchema), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => {
      requireBuyer(callerOf(request), "create:list");
      const actor = await actorOf(app.db, callerOf(request));
      const row = await listFor(app.db, actor, request.params.id, "delete:list");
      await deleteList(app.db, row.id);
      return { deletedCount: 1 };
    },
  );

  app.post(
    "/lists/:id/cart",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Put a list's lines in the cart, at today's prices",
        description:
          "As quick order does: each line is added to what the cart holds of its tool and checked (for sale, " +
          "quantity rule, stock); good lines go in when others fail, and each is reported by its position.",
        tags: ["Lists"],
        security: requires("accessToken"),
        params: idParamsSchema,
        response: {
          200: jsonAnswer("A row each, `added` or `error` with why, and the cart now.", cartFillAnswerSchema),
          ...errorAnswers(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const email = requireBuyer(callerOf(request), "create:order");
      const actor = await actorOf(app.db, callerOf(request));
      const row = await listFor(app.db, actor, request.params.id, "read:list");
      await spendAllowance(app, reply, email, "cart-import");
      const report = await withBuyerLock(app.db, { email }, async (tx) => {
        const tools = await toolsBySku(tx, row.lines);
        const rows: CartFillRow[] = row.lines.map((line, index) => ({
          row: index + 1,
          sku: line.sku,
          quantity: line.quantity,
          status: "error",
          message: tools.get(line.sku)
            ? `${tools.get(line.sku)?.name} is no longer in the catalogue`
            : `No tool has SKU ${line.sku}`,
        }));
        const items: FillItem[] = [];
        const filled: CartFillRow[] = [];
        row.lines.forEach((line, index) => {
          const product = tools.get(line.sku);
          if (!product || product.archivedAt) return;
          items.push({ product: product as ProductRow, quantity: line.quantity });
          filled.push(rows[index] as CartFillRow);
        });
        (await fillCart(tx, email, items)).forEach((outcome, index) => {
          Object.assign(filled[index] as CartFillRow, outcome);
        });
        return rows;
      });
      return reply
        .type("application/json; charset=utf-8")
        .send(JSON.stringify({ report, cart: await cartJson(app, app.db, email) }) as never);
    },
  );

  app.get(
    "/lists/:id/csv",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "A list as CSV: a header row, then SKU and quantity per line",
        description: "What quick order and a list's import read back.",
        tags: ["Lists"],
        security: requires("accessToken"),
        params: idParamsSchema,
        response: {
          200: fileAnswer("sku,quantity and a row per line.", "text/csv"),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      requireBuyer(callerOf(request), "create:list");
      const actor = await actorOf(app.db, callerOf(request));
      const row = await listFor(app.db, actor, request.params.id, "read:list");
      const text = [csvLine(["sku", "quantity"]), ...row.lines.map((line) => csvLine([line.sku, line.quantity]))].join(
        "",
      );
      const file = row.name.replace(/[^A-Za-z0-9 _-]/g, "").trim() || "list";
      reply.type("text/csv; charset=utf-8").header("content-disposition", `attachment; filename="${file}.csv"`);
      return reply.send(text);
    },
  );

  app.post(
    "/lists/:id/import",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Add rows of SKU and quantity to a list (pasted, or a CSV file's text)",
        description:
          "Read as quick order reads them (`,` `;` or tab, an optional header row, a byte-order mark, SKUs in any " +
          "case, a SKU's rows summed and added to what the list holds of it). Each line is checked against its tool " +
          "(for sale, quantity rule): good rows are added when others fail, each reported by its line in the file. " +
          "Text that is not text, or too many rows, is 400 and nothing is added.",
        tags: ["Lists"],
        security: requires("accessToken"),
        params: idParamsSchema,
        body: cartImportBodySchema,
        response: {
          200: jsonAnswer("A row each, and the list now.", listImportAnswerSchema),
          ...errorAnswers(400, 401, 403, 404, 413, 415),
        },
      },
    },
    async (request) => {
      requireBuyer(callerOf(request), "create:list");
      const actor = await actorOf(app.db, callerOf(request));
      const row = await listFor(app.db, actor, request.params.id, "update:list");
      const rows = importText(request.body.text);
      const { report, lines } = await importToList(app.db, row.lines, rows);
      const changed = await updateList(app.db, row.id, { lines });
      if (!changed) throw new HttpError(404, "List not found");
      return { report, list: await listJson(app.db, actor, changed) };
    },
  );
};
