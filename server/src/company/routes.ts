import {
  addressIdParamsSchema,
  COMPANY_LIMITS,
  type CompanyMember,
  centsToDollars,
  companyAddressBodySchema,
  companyAddressSchema,
  companyIdParamsSchema,
  companyMemberSchema,
  companySchema,
  companySettingsBodySchema,
  deletedCountSchema,
  dollarsToCents,
  insertedIdSchema,
  invitationBodySchema,
  invitationIdParamsSchema,
  invitationSchema,
  invitationTokenParamsSchema,
  invitationViewSchema,
  memberChangeBodySchema,
  memberParamsSchema,
  newCompanyBodySchema,
  orderSchema,
} from "@forgeline/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../db/client.js";
import { type Caller, callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { accountNames, enqueueAccountMail, findAccount } from "../identity/queries.js";
import { spendAllowance } from "../rate-limit/account-allowances.js";
import { invitationTokenHash, newInvitationToken } from "./invitation-token.js";
import { changeMemberTerms, removeFromCompany } from "./member-changes.js";
import {
  type CompanyAccess,
  companyAccess,
  invitationIsFor,
  mayChangeOwnTerms,
  mayInvite,
  mayJoinCompanies,
  membershipFor,
  removalAccess,
} from "./policy.js";
import {
  addAddress,
  addMember,
  addressesOf,
  companyJson,
  countAddresses,
  createCompany,
  findCompany,
  findMember,
  lockCompany,
  type MemberRow,
  markInvitationAccepted,
  membershipOf,
  membersOf,
  pendingInvitationByHash,
  pendingInvitations,
  removeAddress,
  replaceInvitation,
  updateCompanySettings,
  withdrawInvitation,
} from "./queries.js";

const NO_SUCH_COMPANY = "No such company.";
const NO_SUCH_INVITATION = "No such invitation.";
const SENDER_GONE = "This invitation was withdrawn: whoever sent it is no longer an owner of the company.";
const OWNERS_ONLY = "Only the company's owners can do this.";
const ALREADY_IN_A_COMPANY = "You are already in a company: leave it first.";
const ADMINS_DO_NOT_JOIN = "Admin accounts cannot belong to a company; use a customer account.";
const OWN_TERMS = "Another owner sets your monthly limit and role: you cannot change your own.";
const EXPIRED = "This invitation has expired";
const CONFIRM_FIRST = "Confirm your email address first";
const DAY_MS = 24 * 60 * 60_000;

const COMPANY_ANSWER = jsonAnswer("The company, with the caller's role in it.", companySchema);

/** The member as the wire shows them: their name, role, limit and what they spent this month. */
function memberJson(row: MemberRow, names: Map<string, string>, spent: Map<string, number>): CompanyMember {
  return {
    email: row.email,
    name: names.get(row.email) ?? "",
    role: row.role,
    monthlyLimit: row.monthlyLimitCents === null ? null : centsToDollars(row.monthlyLimitCents),
    spentThisMonth: centsToDollars(spent.get(row.email) ?? 0),
    joinedAt: row.joinedAt.toISOString(),
  };
}

/** The company's row; 404 when there is none. */
async function existingCompany(db: Database, companyId: string) {
  const row = await findCompany(db, companyId);
  if (!row) throw new HttpError(404, NO_SUCH_COMPANY);
  return row;
}

/**
 * Companies (docs/SELLING-TO-BUSINESSES.md, 'Companies'): customers make one and invite colleagues, who share its
 * orders, delivery addresses and contract prices. Who may do what is company/policy.ts's to say; admins keep tax
 * exemption and price lists through /admin/companies.
 */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The caller's membership if the policy lets them do this to the company: else 404 (outsiders) or 403. */
  async function companyFor(request: FastifyRequest, companyId: string, access: CompanyAccess) {
    const decision = await companyAccess(app.db, callerOf(request), companyId, access);
    if (decision.kind === "outsider") throw new HttpError(404, NO_SUCH_COMPANY);
    if (decision.kind === "forbidden") throw new HttpError(403, OWNERS_ONLY);
    return decision.membership;
  }

  app.post(
    "/companies",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Create a company; the caller becomes its owner",
        description:
          "An account belongs to one company at most: a caller in one already is 409. Admin accounts cannot " +
          "belong to a company (403).",
        tags: ["Companies"],
        security: requires("accessToken"),
        body: newCompanyBodySchema,
        response: {
          201: jsonAnswer("Created; `insertedId` is its id.", insertedIdSchema),
          ...errorAnswers(400, 401, 403, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      if (!mayJoinCompanies(caller)) throw new HttpError(403, ADMINS_DO_NOT_JOIN);
      const id = await app.db.transaction((tx) => createCompany(tx, request.body, caller.email));
      if (!id) throw new HttpError(409, ALREADY_IN_A_COMPANY);
      return reply.code(201).send({ insertedId: id });
    },
  );

  app.get(
    "/companies/mine",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "The caller's company, with their role in it; null when they belong to none",
        description:
          "Every signed-in page of a customer asks it (the dashboard's menu, the checkout), so belonging to no " +
          "company is an answer, not an error: `null` (admins, who belong to none, get it too).",
        tags: ["Companies"],
        security: requires("accessToken"),
        response: {
          200: jsonAnswer("The company with the caller's role in it, or null.", companySchema.nullable()),
          ...errorAnswers(401),
        },
      },
    },
    async (request) => {
      const membership = await membershipFor(app.db, callerOf(request));
      const row = membership && (await findCompany(app.db, membership.companyId));
      return membership && row ? companyJson(row, membership.role) : null;
    },
  );

  app.get(
    "/companies/:id",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Read a company (its members)",
        description: "Anyone outside the company gets 404, as for one that does not exist.",
        tags: ["Companies"],
        security: requires("accessToken"),
        params: companyIdParamsSchema,
        response: { 200: COMPANY_ANSWER, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => {
      const membership = await companyFor(request, request.params.id, "read");
      return companyJson(await existingCompany(app.db, request.params.id), membership.role);
    },
  );

  app.patch(
    "/companies/:id",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Change a company's settings (owners)",
        description: "`name`, and `poRequired`: whether every order of a member needs a PO number.",
        tags: ["Companies"],
        security: requires("accessToken"),
        params: companyIdParamsSchema,
        body: companySettingsBodySchema,
        response: { 200: COMPANY_ANSWER, ...errorAnswers(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const membership = await companyFor(request, request.params.id, "settings");
      const row = await updateCompanySettings(app.db, request.params.id, request.body);
      if (!row) throw new HttpError(404, NO_SUCH_COMPANY);
      return companyJson(row, membership.role);
    },
  );

  /** The members as the wire shows them, with their names and what each spent this month. */
  async function membersJson(companyId: string, rows: MemberRow[]): Promise<CompanyMember[]> {
    const [names, spent] = await Promise.all([
      accountNames(
        app.db,
        rows.map((row) => row.email),
      ),
      app.events.ask("companySpendThisMonth", { companyId }),
    ]);
    return rows.map((row) => memberJson(row, names, spent));
  }

  app.get(
    "/companies/:id/members",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "The company's members (members)",
        description:
          "Each with their role, monthly limit (null: none) and what their orders for the company take this " +
          "calendar month (UTC), cancelled and refunded orders left out.",
        tags: ["Companies"],
        security: requires("accessToken"),
        params: companyIdParamsSchema,
        response: {
          200: jsonAnswer("The members, the earliest to join first.", z.array(companyMemberSchema)),
          ...errorAnswers(400, 401, 404),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      await companyFor(request, id, "read");
      return membersJson(id, await membersOf(app.db, id));
    },
  );

  app.patch(
    "/companies/:id/members/:email",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Change a member's role or monthly limit (owners)",
        description:
          "`monthlyLimit` in dollars, or null for none. The last owner cannot be made a buyer or requester (409). " +
          "An owner may step down but not change their own limit (403): another owner does.",
        tags: ["Companies"],
        security: requires("accessToken"),
        params: memberParamsSchema,
        body: memberChangeBodySchema,
        response: {
          200: jsonAnswer("The member as they are now.", companyMemberSchema),
          ...errorAnswers(400, 401, 403, 404, 409, 413, 415),
        },
      },
    },
    async (request) => {
      const { id, email } = request.params;
      const { email: actor } = callerOf(request);
      const membership = await companyFor(request, id, "members");
      const { role, monthlyLimit } = request.body;
      const change = { role, monthlyLimitCents: monthlyLimit == null ? monthlyLimit : dollarsToCents(monthlyLimit) };
      if (email === actor && !mayChangeOwnTerms(membership, change)) throw new HttpError(403, OWN_TERMS);
      const changed = await changeMemberTerms(app.db, actor, { companyId: id, email }, change);
      const [json] = await membersJson(id, [changed]);
      return json as CompanyMember;
    },
  );

  app.delete(
    "/companies/:id/members/:email",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Remove a member (owners), or leave the company (any member, their own address)",
        description:
          "Their access ends at once; the orders they placed stay the company's. The last owner cannot be " +
          "removed, nor leave (409).",
        tags: ["Companies"],
        security: requires("accessToken"),
        params: memberParamsSchema,
        response: {
          200: jsonAnswer("Removed (`deletedCount`: 1).", deletedCountSchema),
          ...errorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { id, email } = request.params;
      const caller = callerOf(request);
      await companyFor(request, id, removalAccess(caller, email));
      await removeFromCompany(app.db, caller.email, { companyId: id, email });
      return { deletedCount: 1 };
    },
  );

  app.post(
    "/companies/:id/invitations",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Invite someone by email, with a role (owners)",
        description:
          `Mails a link to the page /invitations/{token}, valid ${COMPANY_LIMITS.invitationDays} days, which ` +
          "only that address, confirmed, can accept. The owner's own address must be confirmed (403). An " +
          "address that belongs to a company already (this one or another) is 409. Inviting an address again " +
          "replaces its pending invitation. Each owner may send 20 a day (429), the 409s counted too.",
        tags: ["Companies"],
        security: requires("accessToken"),
        params: companyIdParamsSchema,
        body: invitationBodySchema,
        response: {
          201: jsonAnswer("Invited; `insertedId` is the invitation's id.", insertedIdSchema),
          ...errorAnswers(400, 401, 403, 404, 409, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { id } = request.params;
      const membership = await companyFor(request, id, "invitations");
      const inviter = await findAccount(app.db, caller.email);
      if (!inviter?.verified) {
        throw new HttpError(403, "Confirm your email address before you invite anyone: open the link we mailed you.");
      }
      // Counted before the 409 below, which tells whether an address belongs to a company: asking costs.
      await spendAllowance(app, reply, caller.email, "invite");
      const email = request.body.email.toLowerCase();
      const theirs = await membershipOf(app.db, email);
      if (theirs?.companyId === id) throw new HttpError(409, `${email} is a member of this company already.`);
      if (theirs) throw new HttpError(409, `${email} belongs to another company.`);
      const { token, hash } = newInvitationToken();
      const expiresAt = new Date(Date.now() + COMPANY_LIMITS.invitationDays * DAY_MS);
      const invitationId = await app.db.transaction(async (tx) => {
        const invited = await replaceInvitation(tx, {
          companyId: id,
          email,
          role: request.body.role,
          tokenHash: hash,
          invitedBy: caller.email,
          expiresAt,
        });
        await enqueueAccountMail(tx, email, "company-invitation", {
          companyName: membership.company.name,
          role: request.body.role,
          invitedBy: inviter.name.trim() || caller.email,
          token,
          expiresAt: expiresAt.toISOString(),
        });
        return invited;
      });
      return reply.code(201).send({ insertedId: invitationId });
    },
  );

  app.get(
    "/companies/:id/invitations",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "The company's pending invitations (owners)",
        description: "Neither accepted nor expired, newest first.",
        tags: ["Companies"],
        security: requires("accessToken"),
        params: companyIdParamsSchema,
        response: {
          200: jsonAnswer("The pending invitations.", z.array(invitationSchema)),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      await companyFor(request, request.params.id, "invitations");
      return (await pendingInvitations(app.db, request.params.id)).map((row) => ({
        _id: row.id,
        email: row.email,
        role: row.role,
        invitedBy: row.invitedBy,
        expiresAt: row.expiresAt.toISOString(),
      }));
    },
  );

  app.delete(
    "/companies/:id/invitations/:invitationId",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Withdraw a pending invitation (owners)",
        description: "Its link stops working at once.",
        tags: ["Companies"],
        security: requires("accessToken"),
        params: invitationIdParamsSchema,
        response: {
          200: jsonAnswer("Withdrawn (`deletedCount`: 1).", deletedCountSchema),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { id, invitationId } = request.params;
      await companyFor(request, id, "invitations");
      if (!(await withdrawInvitation(app.db, id, invitationId))) throw new HttpError(404, NO_SUCH_INVITATION);
      return { deletedCount: 1 };
    },
  );

  /**
   * The pending invitation of this link if it was sent to the caller; 404 for anyone else, telling nothing,
   * and for one whose sender may no longer invite (an owner since removed or demoted).
   */
  async function invitationFor(db: Database, caller: Caller, token: string, lock = false) {
    const invitation = await pendingInvitationByHash(db, invitationTokenHash(token), lock);
    if (!invitation || !invitationIsFor(caller, invitation)) throw new HttpError(404, NO_SUCH_INVITATION);
    if (!mayInvite(await findMember(db, invitation.companyId, invitation.invitedBy))) {
      throw new HttpError(404, SENDER_GONE);
    }
    if (invitation.expiresAt.getTime() <= Date.now()) throw new HttpError(409, EXPIRED);
    return invitation;
  }

  app.get(
    "/invitations/:token",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Read an invitation sent to the caller's address",
        description:
          "404 for anyone but the invited address, and for a link withdrawn, replaced or accepted, or whose " +
          "sender is no longer an owner; 409 once it has expired.",
        tags: ["Companies"],
        security: requires("accessToken"),
        params: invitationTokenParamsSchema,
        response: {
          200: jsonAnswer(
            "The company, the role offered, the address and when the link expires.",
            invitationViewSchema,
          ),
          ...errorAnswers(400, 401, 404, 409),
        },
      },
    },
    async (request) => {
      const invitation = await invitationFor(app.db, callerOf(request), request.params.token);
      return {
        companyName: invitation.companyName,
        role: invitation.role,
        email: invitation.email,
        expiresAt: invitation.expiresAt.toISOString(),
      };
    },
  );

  app.post(
    "/invitations/:token/accept",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Accept an invitation: join the company with the role offered",
        description:
          "Only the invited address, confirmed (403 until it is), while the link holds (409 once expired), and " +
          "while the caller belongs to no company (409). Admin accounts cannot join (403).",
        tags: ["Companies"],
        security: requires("accessToken"),
        params: invitationTokenParamsSchema,
        response: { 200: COMPANY_ANSWER, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (!mayJoinCompanies(caller)) throw new HttpError(403, ADMINS_DO_NOT_JOIN);
      const { companyId, role } = await app.db.transaction(async (tx) => {
        const invitation = await invitationFor(tx, caller, request.params.token, true);
        if (!(await findAccount(tx, caller.email))?.verified) throw new HttpError(403, CONFIRM_FIRST);
        if (!(await addMember(tx, { companyId: invitation.companyId, email: caller.email, role: invitation.role }))) {
          throw new HttpError(409, ALREADY_IN_A_COMPANY);
        }
        await markInvitationAccepted(tx, invitation.id);
        return invitation;
      });
      return companyJson(await existingCompany(app.db, companyId), role);
    },
  );

  app.get(
    "/companies/:id/addresses",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "The company's delivery addresses (members)",
        description: "When there are any, members' orders go to one of them (`addressId` at checkout).",
        tags: ["Companies"],
        security: requires("accessToken"),
        params: companyIdParamsSchema,
        response: {
          200: jsonAnswer("The addresses, oldest first.", z.array(companyAddressSchema)),
          ...errorAnswers(400, 401, 404),
        },
      },
    },
    async (request) => {
      await companyFor(request, request.params.id, "read");
      return (await addressesOf(app.db, request.params.id)).map((row) => ({
        _id: row.id,
        label: row.label,
        address: row.address,
        phone: row.phone,
      }));
    },
  );

  app.post(
    "/companies/:id/addresses",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Add a delivery address (owners)",
        description: `A company keeps at most ${COMPANY_LIMITS.addresses} (409).`,
        tags: ["Companies"],
        security: requires("accessToken"),
        params: companyIdParamsSchema,
        body: companyAddressBodySchema,
        response: {
          201: jsonAnswer("Added; `insertedId` is its id.", insertedIdSchema),
          ...errorAnswers(400, 401, 403, 404, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await companyFor(request, id, "addresses");
      const added = await app.db.transaction(async (tx) => {
        await lockCompany(tx, id);
        if ((await countAddresses(tx, id)) >= COMPANY_LIMITS.addresses) {
          throw new HttpError(409, `A company keeps at most ${COMPANY_LIMITS.addresses} delivery addresses.`);
        }
        return addAddress(tx, id, request.body);
      });
      return reply.code(201).send({ insertedId: added });
    },
  );

  app.delete(
    "/companies/:id/addresses/:addressId",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Remove a delivery address (owners)",
        description: "Orders sent to it keep their copy of it.",
        tags: ["Companies"],
        security: requires("accessToken"),
        params: addressIdParamsSchema,
        response: {
          200: jsonAnswer("Removed (`deletedCount`: 1).", deletedCountSchema),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { id, addressId } = request.params;
      await companyFor(request, id, "addresses");
      if (!(await removeAddress(app.db, id, addressId))) throw new HttpError(404, "No such address.");
      return { deletedCount: 1 };
    },
  );

  app.get(
    "/companies/:id/orders",
    {
      onRequest: app.authenticate,
      schema: {
        summary: "The company's orders, newest first (members)",
        description: "Every member's, those of former members too, in the shape of GET /api/ordering.",
        tags: ["Companies"],
        security: requires("accessToken"),
        params: companyIdParamsSchema,
        response: {
          200: jsonAnswer("The company's orders, each with its lines and history.", z.array(orderSchema)),
          ...errorAnswers(400, 401, 404),
        },
      },
    },
    async (request) => {
      await companyFor(request, request.params.id, "read");
      return app.events.ask("companyOrders", { companyId: request.params.id });
    },
  );
};
