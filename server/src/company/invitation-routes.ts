import {
  COMPANY_LIMITS,
  companyIdParamsSchema,
  deletedCountSchema,
  insertedIdSchema,
  invitationBodySchema,
  invitationIdParamsSchema,
  invitationSchema,
  invitationTokenParamsSchema,
  invitationViewSchema,
} from "@forgeline/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../db/client.js";
import { type Caller, callerOf } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { authorize, personalActor, requireBuyer } from "../http/guard.js";
import { errorAnswers, jsonAnswer, requires } from "../http/route-schema.js";
import { enqueueAccountMail, findAccount } from "../identity/queries.js";
import { spendAllowance } from "../rate-limit/account-allowances.js";
import { invitationTokenHash, newInvitationToken } from "./invitation-token.js";
import { actorOf, mayInvite } from "./policy.js";
import { companyJson } from "./queries/companies.js";
import {
  markInvitationAccepted,
  pendingInvitationByHash,
  pendingInvitations,
  replaceInvitation,
  withdrawInvitation,
} from "./queries/invitations.js";
import { addMember, findMember } from "./queries/members.js";
import { membershipOf } from "./queries/membership.js";
import { ALREADY_IN_A_COMPANY, COMPANY_ANSWER, companyFor, existingCompany } from "./route-access.js";

const NO_SUCH_INVITATION = "No such invitation.";
const SENDER_GONE = "This invitation was withdrawn: whoever sent it is no longer an owner of the company.";
const EXPIRED = "This invitation has expired";
const CONFIRM_FIRST = "Confirm your email address first";
const DAY_MS = 24 * 60 * 60_000;

/** Invitations by mail: sent, listed and withdrawn by owners, read and accepted by the invited address. */
export const companyInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const { membership } = await companyFor(app.db, request, id, "manage:invitation");
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
      await companyFor(app.db, request, request.params.id, "manage:invitation");
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
      await companyFor(app.db, request, id, "manage:invitation");
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
    if (!invitation) throw new HttpError(404, NO_SUCH_INVITATION);
    authorize(
      personalActor(caller),
      "read:invitation",
      { userEmail: invitation.email },
      { missing: NO_SUCH_INVITATION },
    );
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
      requireBuyer(caller, "join:company");
      const { companyId } = await app.db.transaction(async (tx) => {
        const invitation = await invitationFor(tx, caller, request.params.token, true);
        if (!(await findAccount(tx, caller.email))?.verified) throw new HttpError(403, CONFIRM_FIRST);
        if (!(await addMember(tx, { companyId: invitation.companyId, email: caller.email, role: invitation.role }))) {
          throw new HttpError(409, ALREADY_IN_A_COMPANY);
        }
        await markInvitationAccepted(tx, invitation.id);
        return invitation;
      });
      return companyJson(await existingCompany(app.db, companyId), await actorOf(app.db, caller));
    },
  );
};
