import { Writable } from "node:stream";
import {
  type AdminCompany,
  type AuditEntry,
  COMPANY_ACTIONS,
  type Company,
  type CompanyMember,
  type ContractPrice,
  type Invitation,
  type Order,
  type Product,
} from "@forgeline/contract";
import { eq } from "drizzle-orm";
import { type ParsedMail, simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsTo as outboxTo } from "../mail/queries.js";
import { INVITATIONS_PER_DAY } from "../rate-limit/account-allowances.js";
import { bearer, markAddressConfirmed, signUp, type TestAccount } from "../test/accounts.js";
import { orderSteps } from "../test/orders.js";
import { startSmtpStandIn } from "../test/smtp-stand-in.js";
import { createTestApp } from "../test/test-app.js";
import { companyInvitations } from "./tables.js";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

describe("companies", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let steps: ReturnType<typeof orderSteps>;
  const logLines: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    ctx = await createTestApp({
      seed: true,
      env: { SMTP_URL: smtp.url },
      logger: { level: "info", stream: logStream },
    });
    admin = await signUp(ctx.app, { admin: true });
    steps = orderSteps(ctx.app, admin);
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const call = (method: Method, url: string, account: TestAccount | null, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: account ? bearer(account.token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** A confirmed customer with a new company of their own; answers both. */
  async function companyOwner(name = "Acme Fabrication") {
    const owner = await signUp(ctx.app, { name: "Olga Owner", confirmed: true });
    const created = await call("POST", "/api/companies", owner, { name });
    expect(created.statusCode).toBe(201);
    return { owner, companyId: created.json().insertedId as string };
  }

  /** The newest invitation mailed to the address once `count` of them arrived, parsed (sign-up mails aside). */
  async function mailTo(email: string, count = 1): Promise<ParsedMail> {
    const invitation = (raw: string) => raw.replace(/=\r?\n/g, "").includes("/invitations/");
    const to = () => smtp.received.filter((mail) => mail.to.includes(email) && invitation(mail.raw));
    // A test before may leave a backlog in the outbox (the 20 invitations of the allowance).
    await expect.poll(() => to().length, { timeout: 15_000 }).toBe(count);
    return simpleParser(to().at(-1)?.raw ?? "");
  }

  /** The invitation's token, from the link in the newest mail to the address. */
  async function tokenMailedTo(email: string, count = 1): Promise<string> {
    const mail = await mailTo(email, count);
    const token = (mail.text ?? "").match(/http:\/\/localhost:5000\/invitations\/([A-Za-z0-9_-]{43})/)?.[1];
    if (!token) throw new Error(`no invitation link in: ${mail.text}`);
    return token;
  }

  /** A new confirmed account that joined the company with this role through a mailed invitation. */
  async function member(owner: TestAccount, companyId: string, role: "owner" | "buyer" | "requester", name = "Mel") {
    const account = await signUp(ctx.app, { name, confirmed: true });
    const invited = await call("POST", `/api/companies/${companyId}/invitations`, owner, {
      email: account.email,
      role,
    });
    expect(invited.statusCode).toBe(201);
    const accepted = await call("POST", `/api/invitations/${await tokenMailedTo(account.email)}/accept`, account);
    expect(accepted.statusCode).toBe(200);
    return account;
  }

  it("a customer creates a company and owns it; one company per account; admins cannot", async () => {
    const { owner, companyId } = await companyOwner();
    const mine = await call("GET", "/api/companies/mine", owner);
    expect(mine.json<Company>()).toEqual({
      _id: companyId,
      name: "Acme Fabrication",
      taxId: null,
      taxExempt: false,
      poRequired: false,
      billingAddress: null,
      // An admin gives terms on account; until then it pays by card.
      paymentTerms: null,
      role: "owner",
      createdAt: expect.any(String),
      // An owner may do everything in the company, and is told how many orders wait for their approval.
      actions: [...COMPANY_ACTIONS],
      awaitingApproval: 0,
    });
    const { awaitingApproval: _count, ...byId } = mine.json<Company>();
    expect((await call("GET", `/api/companies/${companyId}`, owner)).json()).toEqual(byId);

    const second = await call("POST", "/api/companies", owner, { name: "Another" });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe("You are already in a company: leave it first.");
    expect((await call("POST", "/api/companies", admin, { name: "Shop Co" })).statusCode).toBe(403);
    const blank = await call("POST", "/api/companies", owner, { name: " " });
    expect(blank.statusCode).toBe(400);

    const loner = await signUp(ctx.app);
    const none = await call("GET", "/api/companies/mine", loner);
    // Belonging to no company is an answer, not an error: every customer's dashboard asks it.
    expect([none.statusCode, none.json()]).toEqual([200, null]);
    const withTax = await call("POST", "/api/companies", loner, { name: "Taxed Ltd", taxId: "DE 123/456" });
    expect(withTax.statusCode).toBe(201);
    expect((await call("GET", "/api/companies/mine", loner)).json<Company>()).toMatchObject({ taxId: "DE 123/456" });
  });

  it("an owner invites by mail; only the invited address, confirmed, accepts it through the link", async () => {
    const { owner, companyId } = await companyOwner("Brightline Tools");
    const invitee = await signUp(ctx.app, { name: "Ivy Invitee" });
    const invited = await call("POST", `/api/companies/${companyId}/invitations`, owner, {
      email: invitee.email.toUpperCase(),
      role: "buyer",
    });
    expect(invited.statusCode).toBe(201);

    // The invitee has not confirmed the address: the invitation waits in the outbox until then
    // (mail/hold.test.ts); the test takes its link from there to try it meanwhile.
    const [held] = (await outboxTo(ctx.db, invitee.email)).filter((each) => each.template === "company-invitation");
    expect(held?.heldAt).not.toBeNull();
    const token = (held?.data as { token?: string } | undefined)?.token ?? "";
    const pending = (await call("GET", `/api/companies/${companyId}/invitations`, owner)).json<Invitation[]>();
    expect(pending).toEqual([
      {
        _id: invited.json().insertedId,
        email: invitee.email,
        role: "buyer",
        invitedBy: owner.email,
        expiresAt: expect.any(String),
      },
    ]);
    const expiresAt = Date.parse(pending[0]?.expiresAt ?? "");
    expect(expiresAt - Date.now()).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(7 * 24 * 3600_000);
    // The link is kept as a hash only.
    const [stored] = await ctx.db.select().from(companyInvitations).where(eq(companyInvitations.email, invitee.email));
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.tokenHash).not.toContain(token);

    const view = await call("GET", `/api/invitations/${token}`, invitee);
    expect(view.json()).toEqual({
      companyName: "Brightline Tools",
      role: "buyer",
      email: invitee.email,
      expiresAt: pending[0]?.expiresAt,
    });
    // Anyone else is told nothing, the owner who sent it and admins too.
    const stranger = await signUp(ctx.app, { confirmed: true });
    for (const account of [stranger, owner, admin]) {
      const seen = await call("GET", `/api/invitations/${token}`, account);
      expect([seen.statusCode, seen.json().message]).toEqual([404, "No such invitation."]);
      expect((await call("POST", `/api/invitations/${token}/accept`, account)).statusCode).toBe(
        account === admin ? 403 : 404,
      );
    }
    expect((await call("GET", `/api/invitations/${"x".repeat(43)}`, invitee)).statusCode).toBe(404);
    expect((await call("GET", "/api/invitations/short", invitee)).statusCode).toBe(400);

    const unconfirmed = await call("POST", `/api/invitations/${token}/accept`, invitee);
    expect([unconfirmed.statusCode, unconfirmed.json().message]).toEqual([403, "Confirm your email address first"]);
    await markAddressConfirmed(ctx.app, invitee.email);
    // Confirmed: the invitation is mailed, in the shop's words and the inviter's name.
    const mail = await mailTo(invitee.email);
    expect(mail.subject).toBe("Join Brightline Tools on Forgeline Tools");
    const text = mail.text ?? "";
    expect(text).toContain("Hello,");
    expect(text).toContain("Olga Owner invites you to join Brightline Tools on Forgeline Tools as a buyer");
    expect(await tokenMailedTo(invitee.email)).toBe(token);
    const accepted = await call("POST", `/api/invitations/${token}/accept`, invitee);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<Company>()).toMatchObject({ _id: companyId, name: "Brightline Tools", role: "buyer" });
    expect((await call("GET", "/api/companies/mine", invitee)).json<Company>().role).toBe("buyer");
    // Accepted once: the link is spent.
    expect((await call("POST", `/api/invitations/${token}/accept`, invitee)).statusCode).toBe(404);
    expect((await call("GET", `/api/companies/${companyId}/invitations`, owner)).json()).toEqual([]);

    const members = (await call("GET", `/api/companies/${companyId}/members`, invitee)).json<CompanyMember[]>();
    expect(members).toEqual([
      {
        email: owner.email,
        name: "Olga Owner",
        role: "owner",
        monthlyLimit: null,
        spentThisMonth: 0,
        joinedAt: expect.any(String),
      },
      {
        email: invitee.email,
        name: "Ivy Invitee",
        role: "buyer",
        monthlyLimit: null,
        spentThisMonth: 0,
        joinedAt: expect.any(String),
      },
    ]);
  });

  it("an expired invitation is 409; re-inviting replaces the pending one; an owner may withdraw one", async () => {
    const { owner, companyId } = await companyOwner();
    const invitee = await signUp(ctx.app, { confirmed: true });
    const invite = (role = "requester") =>
      call("POST", `/api/companies/${companyId}/invitations`, owner, { email: invitee.email, role });
    expect((await invite()).statusCode).toBe(201);
    const first = await tokenMailedTo(invitee.email, 1);
    expect((await invite("buyer")).statusCode).toBe(201);
    const second = await tokenMailedTo(invitee.email, 2);
    expect((await call("GET", `/api/invitations/${first}`, invitee)).statusCode).toBe(404);
    const pending = (await call("GET", `/api/companies/${companyId}/invitations`, owner)).json<Invitation[]>();
    expect(pending.map((invitation) => [invitation.email, invitation.role])).toEqual([[invitee.email, "buyer"]]);

    await ctx.db
      .update(companyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvitations.email, invitee.email));
    for (const [method, url] of [
      ["GET", `/api/invitations/${second}`],
      ["POST", `/api/invitations/${second}/accept`],
    ] as const) {
      const expired = await call(method, url, invitee);
      expect([expired.statusCode, expired.json().message]).toEqual([409, "This invitation has expired"]);
    }
    expect((await call("GET", `/api/companies/${companyId}/invitations`, owner)).json()).toEqual([]);
    expect((await call("GET", "/api/companies/mine", invitee)).json()).toBeNull();

    // A fresh one, withdrawn: its link stops working.
    const third = await invite();
    const token = await tokenMailedTo(invitee.email, 3);
    const url = `/api/companies/${companyId}/invitations/${third.json().insertedId}`;
    expect((await call("DELETE", url, owner)).json()).toEqual({ deletedCount: 1 });
    expect((await call("DELETE", url, owner)).statusCode).toBe(404);
    expect((await call("POST", `/api/invitations/${token}/accept`, invitee)).statusCode).toBe(404);
  });

  /** An invitation from `from` to a new confirmed account (a second mailbox of theirs, say), with its link. */
  async function invitationFrom(from: TestAccount, companyId: string, role: "owner" | "buyer" = "owner") {
    const to = await signUp(ctx.app, { confirmed: true });
    const invited = await call("POST", `/api/companies/${companyId}/invitations`, from, { email: to.email, role });
    expect(invited.statusCode).toBe(201);
    return { to, token: await tokenMailedTo(to.email) };
  }

  /** Accepting the invitation: its status and message. */
  async function accepting({ to, token }: { to: TestAccount; token: string }) {
    const response = await call("POST", `/api/invitations/${token}/accept`, to);
    return [response.statusCode, response.json().message];
  }

  it("an owner demoted, gone or removed takes their pending invitations along", async () => {
    const { owner, companyId } = await companyOwner("Keepers Co");
    const second = await member(owner, companyId, "owner", "Sid Second");
    const third = await member(owner, companyId, "owner", "Tia Third");
    const members = `/api/companies/${companyId}/members`;
    const fromOwner = await invitationFrom(owner, companyId);
    const fromSecond = await invitationFrom(second, companyId);
    const fromThird = await invitationFrom(third, companyId);

    expect((await call("PATCH", `${members}/${owner.email}`, second, { role: "buyer" })).statusCode).toBe(200);
    expect((await call("DELETE", `${members}/${second.email}`, second)).statusCode).toBe(200);
    const pending = (await call("GET", `/api/companies/${companyId}/invitations`, third)).json<Invitation[]>();
    expect(pending.map((invitation) => invitation.invitedBy)).toEqual([third.email]);
    expect(await accepting(fromOwner)).toEqual([404, "No such invitation."]);
    expect(await accepting(fromSecond)).toEqual([404, "No such invitation."]);
    expect(await accepting(fromThird)).toEqual([200, undefined]);

    // The review's attack: an owner invites a second mailbox of theirs, is removed, and the mailbox joins.
    const fromNewcomer = await invitationFrom(fromThird.to, companyId);
    expect((await call("DELETE", `${members}/${fromThird.to.email}`, third)).statusCode).toBe(200);
    expect(await accepting(fromNewcomer)).toEqual([404, "No such invitation."]);
    const left = (await call("GET", members, third)).json<CompanyMember[]>();
    expect(left.map((row) => [row.email, row.role])).toEqual([
      [owner.email, "buyer"],
      [third.email, "owner"],
    ]);
  });

  it("accepting checks that whoever sent the invitation is still an owner of the company", async () => {
    const { owner, companyId } = await companyOwner();
    const buyer = await member(owner, companyId, "buyer");
    const stale = await invitationFrom(owner, companyId);
    // One sent before invitations went with their sender, by an owner since made a buyer.
    await ctx.db
      .update(companyInvitations)
      .set({ invitedBy: buyer.email })
      .where(eq(companyInvitations.email, stale.to.email));
    const withdrawn = "This invitation was withdrawn: whoever sent it is no longer an owner of the company.";
    expect(await accepting(stale)).toEqual([404, withdrawn]);
    expect((await call("GET", `/api/invitations/${stale.token}`, stale.to)).json().message).toBe(withdrawn);
    expect((await call("GET", "/api/companies/mine", stale.to)).json()).toBeNull();
  });

  it("an invitation's token stays out of the request log: its page, reading it and accepting it", async () => {
    const { owner, companyId } = await companyOwner("Quiet Logs Ltd");
    const invitee = await signUp(ctx.app, { confirmed: true });
    await call("POST", `/api/companies/${companyId}/invitations`, owner, { email: invitee.email, role: "buyer" });
    const token = await tokenMailedTo(invitee.email);
    const before = logLines.length;
    await ctx.app.inject({ method: "GET", url: `/invitations/${token}?from=mail` });
    expect((await call("GET", `/api/invitations/${token}`, invitee)).statusCode).toBe(200);
    expect((await call("POST", `/api/invitations/${token}/accept`, invitee)).statusCode).toBe(200);
    const urls = logLines
      .slice(before)
      .map((line) => JSON.parse(line).req?.url as string | undefined)
      .filter(Boolean);
    expect(urls).toEqual([
      "/invitations/[redacted]?from=mail",
      "/api/invitations/[redacted]",
      "/api/invitations/[redacted]/accept",
    ]);
    expect(logLines.join("")).not.toContain(token);
  });

  it("an address already in a company (another or this one) cannot be invited: 409", async () => {
    const first = await companyOwner("First Co");
    const second = await companyOwner("Second Co");
    const colleague = await member(first.owner, first.companyId, "buyer");
    const refused = [
      [second, colleague.email, `${colleague.email} belongs to another company.`],
      [second, first.owner.email, `${first.owner.email} belongs to another company.`],
      [first, colleague.email, `${colleague.email} is a member of this company already.`],
      [first, first.owner.email, `${first.owner.email} is a member of this company already.`],
    ] as const;
    for (const [{ owner, companyId }, email, message] of refused) {
      const response = await call("POST", `/api/companies/${companyId}/invitations`, owner, { email, role: "buyer" });
      expect([response.statusCode, response.json().message]).toEqual([409, message]);
    }
    // Invited by both: the first accepted, the other link finds the account in a company already.
    const both = await signUp(ctx.app, { confirmed: true });
    const tokens: string[] = [];
    for (const [index, { owner, companyId }] of [first, second].entries()) {
      const invited = await call("POST", `/api/companies/${companyId}/invitations`, owner, {
        email: both.email,
        role: "requester",
      });
      expect(invited.statusCode).toBe(201);
      tokens.push(await tokenMailedTo(both.email, index + 1));
    }
    const [fromFirst, fromSecond] = tokens as [string, string];
    expect((await call("GET", `/api/invitations/${fromSecond}`, both)).json().companyName).toBe("Second Co");
    expect((await call("POST", `/api/invitations/${fromFirst}/accept`, both)).json<Company>().name).toBe("First Co");
    const late = await call("POST", `/api/invitations/${fromSecond}/accept`, both);
    expect([late.statusCode, late.json().message]).toEqual([409, "You are already in a company: leave it first."]);
  });

  it("only a confirmed owner invites, at most 20 a day; buyers and requesters cannot (403)", async () => {
    const unconfirmed = await signUp(ctx.app);
    const company = (await call("POST", "/api/companies", unconfirmed, { name: "Fresh Co" })).json().insertedId;
    const refused = await call("POST", `/api/companies/${company}/invitations`, unconfirmed, {
      email: "someone@example.com",
      role: "buyer",
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      "Confirm your email address before you invite anyone: open the link we mailed you.",
    );

    const { owner, companyId } = await companyOwner();
    const buyer = await member(owner, companyId, "buyer");
    const requester = await member(owner, companyId, "requester");
    for (const account of [buyer, requester]) {
      const response = await call("POST", `/api/companies/${companyId}/invitations`, account, {
        email: "x@example.com",
        role: "buyer",
      });
      expect([response.statusCode, response.json().message]).toEqual([403, "Only the company's owners can do this."]);
    }
    const bad = await call("POST", `/api/companies/${companyId}/invitations`, owner, {
      email: "x@example.com",
      role: "boss",
    });
    expect(bad.json().errors).toEqual([{ field: "role", message: "Choose a role: owner, buyer or requester" }]);

    // The owner sent 2 (the two members); 18 more, then 429 with Retry-After.
    for (let n = 3; n <= INVITATIONS_PER_DAY; n += 1) {
      const sent = await call("POST", `/api/companies/${companyId}/invitations`, owner, {
        email: `invitee${n}.${Date.now()}@example.com`,
        role: "buyer",
      });
      expect(sent.statusCode).toBe(201);
    }
    const over = await call("POST", `/api/companies/${companyId}/invitations`, owner, {
      email: "one.more@example.com",
      role: "buyer",
    });
    expect(over.statusCode).toBe(429);
    expect(over.headers["retry-after"]).toBeDefined();
    expect(over.json().message).toMatch(
      /^You can send at most 20 invitations a day\. Please try again in \d+ hours\.$/,
    );
  });

  it("asking whether addresses belong to a company costs the invitation allowance: no unlimited probing", async () => {
    const elsewhere = await companyOwner("Elsewhere Co");
    const { owner, companyId } = await companyOwner("Prober Co");
    const probe = () =>
      call("POST", `/api/companies/${companyId}/invitations`, owner, { email: elsewhere.owner.email, role: "buyer" });
    for (let n = 1; n <= INVITATIONS_PER_DAY; n += 1) expect((await probe()).statusCode).toBe(409);
    const over = await probe();
    expect([over.statusCode, over.headers["retry-after"]]).toEqual([429, expect.any(String)]);
  });

  it("the last owner can be neither demoted nor removed, nor leave (409); a second owner frees them", async () => {
    const { owner, companyId } = await companyOwner();
    const self = `/api/companies/${companyId}/members/${owner.email}`;
    for (const [method, payload] of [
      ["PATCH", { role: "buyer" }],
      ["DELETE", undefined],
    ] as const) {
      const response = await call(method, self, owner, payload);
      expect([response.statusCode, response.json().message]).toEqual([
        409,
        "A company needs an owner: make another member an owner first.",
      ]);
    }
    // Their own limit is another owner's to set, even for the last owner.
    expect((await call("PATCH", self, owner, { monthlyLimit: 100 })).statusCode).toBe(403);

    const second = await member(owner, companyId, "buyer", "Sam Second");
    const promoted = await call("PATCH", `/api/companies/${companyId}/members/${second.email}`, owner, {
      role: "owner",
    });
    expect(promoted.json<CompanyMember>()).toMatchObject({ email: second.email, name: "Sam Second", role: "owner" });
    const demoted = await call("PATCH", self, second, { role: "requester" });
    expect(demoted.json<CompanyMember>()).toMatchObject({ email: owner.email, role: "requester" });
    // Now `second` is the last owner; the first, a requester, may leave.
    expect((await call("DELETE", `/api/companies/${companyId}/members/${second.email}`, second)).statusCode).toBe(409);
    expect((await call("DELETE", self, owner)).json()).toEqual({ deletedCount: 1 });
    expect((await call("GET", "/api/companies/mine", owner)).json()).toBeNull();
    expect((await call("DELETE", self, second)).statusCode).toBe(404);
  });

  it("monthly limits: dollars or null; a negative amount or one that is not money is 400", async () => {
    const { owner, companyId } = await companyOwner();
    const buyer = await member(owner, companyId, "buyer");
    const url = `/api/companies/${companyId}/members/${buyer.email}`;
    for (const [monthlyLimit, message] of [
      [-5, "The monthly limit cannot be negative"],
      ["5000", "The monthly limit must be an amount in dollars"],
      [12.345, "The monthly limit must be an amount in dollars with at most two decimals"],
      [20_000_000, "The monthly limit is at most $10,000,000"],
    ] as const) {
      const response = await call("PATCH", url, owner, { monthlyLimit });
      expect([response.statusCode, response.json().errors]).toEqual([400, [{ field: "monthlyLimit", message }]]);
    }
    expect((await call("PATCH", url, owner, {})).statusCode).toBe(400);
    expect((await call("PATCH", url, owner, { monthlyLimit: 5000.5 })).json<CompanyMember>().monthlyLimit).toBe(5000.5);
    expect((await call("PATCH", url, buyer, { monthlyLimit: null })).statusCode).toBe(403);
    expect((await call("PATCH", url, owner, { monthlyLimit: null })).json<CompanyMember>().monthlyLimit).toBeNull();
    const stranger = await signUp(ctx.app);
    const notMember = `/api/companies/${companyId}/members/${stranger.email}`;
    expect((await call("PATCH", notMember, owner, { role: "buyer" })).statusCode).toBe(404);
  });

  it("an owner cannot change their own monthly limit (403); another owner can; stepping down is allowed", async () => {
    const { owner, companyId } = await companyOwner();
    const other = await member(owner, companyId, "owner", "Otto Other");
    const self = `/api/companies/${companyId}/members/${owner.email}`;
    expect((await call("PATCH", self, other, { monthlyLimit: 0 })).json<CompanyMember>().monthlyLimit).toBe(0);
    for (const change of [{ monthlyLimit: null }, { monthlyLimit: 500 }, { role: "owner", monthlyLimit: null }]) {
      const lifted = await call("PATCH", self, owner, change);
      expect([lifted.statusCode, lifted.json().message]).toEqual([
        403,
        "Another owner sets your monthly limit and role: you cannot change your own.",
      ]);
    }
    const limits = async () =>
      Object.fromEntries(
        (await call("GET", `/api/companies/${companyId}/members`, owner))
          .json<CompanyMember[]>()
          .map((row) => [row.email, row.monthlyLimit]),
      );
    expect(await limits()).toEqual({ [owner.email]: 0, [other.email]: null });
    const otherUrl = `/api/companies/${companyId}/members/${other.email}`;
    expect((await call("PATCH", otherUrl, owner, { monthlyLimit: 250 })).json<CompanyMember>().monthlyLimit).toBe(250);
    expect((await call("PATCH", self, other, { monthlyLimit: null })).json<CompanyMember>().monthlyLimit).toBeNull();
    // The change dialog sends the limit with the role: sent back as it is, stepping down goes through.
    const steppedDown = await call("PATCH", self, owner, { role: "buyer", monthlyLimit: null });
    expect(steppedDown.json<CompanyMember>()).toMatchObject({ role: "buyer", monthlyLimit: null });
  });

  it("a removed member loses access at once: their next call with the same token is 404; their orders stay", async () => {
    const { owner, companyId } = await companyOwner();
    const buyer = await member(owner, companyId, "buyer", "Bea Buyer");
    const order = await steps.placeOrder(buyer);
    expect(order.companyId).toBe(companyId);
    expect((await call("GET", `/api/companies/${companyId}`, buyer)).statusCode).toBe(200);

    const removed = await call("DELETE", `/api/companies/${companyId}/members/${buyer.email}`, owner);
    expect(removed.json()).toEqual({ deletedCount: 1 });
    for (const path of ["", "/members", "/addresses", "/orders"]) {
      const response = await call("GET", `/api/companies/${companyId}${path}`, buyer);
      expect([path, response.statusCode, response.json().message]).toEqual([path, 404, "No such company."]);
    }
    expect((await call("GET", "/api/companies/mine", buyer)).json()).toBeNull();
    const history = (await call("GET", `/api/companies/${companyId}/orders`, owner)).json<Order[]>();
    expect(history.map((row) => [row._id, row.userEmail, row.companyId])).toEqual([
      [order._id, buyer.email, companyId],
    ]);
  });

  it("members share the company's order history, newest first; spend this month leaves cancelled orders out", async () => {
    const { owner, companyId } = await companyOwner();
    const buyer = await member(owner, companyId, "buyer", "Bo");
    const requester = await member(owner, companyId, "requester", "Rey");
    const outsider = await signUp(ctx.app);
    const first = await steps.placeOrder(owner);
    const second = await steps.placeOrder(buyer);
    const elsewhere = await steps.placeOrder(outsider);
    expect(elsewhere.companyId).toBeNull();

    for (const account of [owner, buyer, requester]) {
      const history = (await call("GET", `/api/companies/${companyId}/orders`, account)).json<Order[]>();
      expect(history.map((row) => row._id)).toEqual([second._id, first._id]);
      expect(history[0]).toMatchObject({
        userEmail: buyer.email,
        lines: [expect.any(Object)],
        statusHistory: [expect.any(Object)],
      });
    }
    const outside = await call("GET", `/api/companies/${companyId}/orders`, outsider);
    expect([outside.statusCode, outside.json().message]).toEqual([404, "No such company."]);

    const spent = async () =>
      Object.fromEntries(
        (await call("GET", `/api/companies/${companyId}/members`, requester))
          .json<CompanyMember[]>()
          .map((row) => [row.email, row.spentThisMonth]),
      );
    expect(await spent()).toEqual({ [owner.email]: first.price, [buyer.email]: second.price, [requester.email]: 0 });
    expect((await call("POST", `/api/ordering/${second._id}/cancel`, buyer)).statusCode).toBe(200);
    expect(await spent()).toEqual({ [owner.email]: first.price, [buyer.email]: 0, [requester.email]: 0 });
  });

  it("owners keep delivery addresses and settings; every member reads them; outsiders get 404", async () => {
    const { owner, companyId } = await companyOwner();
    const buyer = await member(owner, companyId, "buyer");
    const outsider = await signUp(ctx.app, { confirmed: true });
    const base = `/api/companies/${companyId}/addresses`;
    const site = { label: "Main yard", address: "1 Forge Lane, Sheffield", phone: "5550100100" };
    const added = await call("POST", base, owner, site);
    expect(added.statusCode).toBe(201);
    expect((await call("GET", base, buyer)).json()).toEqual([{ _id: added.json().insertedId, ...site }]);
    expect((await call("POST", base, buyer, site)).statusCode).toBe(403);
    expect((await call("POST", base, owner, { ...site, phone: "call me" })).statusCode).toBe(400);
    expect((await call("GET", base, outsider)).statusCode).toBe(404);
    expect((await call("POST", base, outsider, site)).statusCode).toBe(404);
    expect((await call("DELETE", `${base}/${added.json().insertedId}`, buyer)).statusCode).toBe(403);
    expect((await call("DELETE", `${base}/${added.json().insertedId}`, outsider)).statusCode).toBe(404);
    expect((await call("DELETE", `${base}/${added.json().insertedId}`, owner)).json()).toEqual({ deletedCount: 1 });
    expect((await call("DELETE", `${base}/${added.json().insertedId}`, owner)).statusCode).toBe(404);
    expect((await call("GET", base, buyer)).json()).toEqual([]);

    const settings = `/api/companies/${companyId}`;
    expect((await call("PATCH", settings, buyer, { poRequired: true })).statusCode).toBe(403);
    expect((await call("PATCH", settings, outsider, { poRequired: true })).statusCode).toBe(404);
    expect((await call("PATCH", settings, owner, {})).statusCode).toBe(400);
    const changed = await call("PATCH", settings, owner, { poRequired: true, name: "Acme Two" });
    expect(changed.json<Company>()).toMatchObject({ poRequired: true, name: "Acme Two", role: "owner" });
    expect((await call("GET", settings, buyer)).json<Company>()).toMatchObject({ poRequired: true, role: "buyer" });
    // Every company resource is 404 to an outsider, as for a company that does not exist.
    for (const id of [companyId, UNKNOWN_ID]) {
      for (const path of ["", "/members", "/invitations", "/addresses", "/orders"]) {
        const response = await call("GET", `/api/companies/${id}${path}`, outsider);
        expect([path, response.statusCode]).toEqual([path, 404]);
      }
    }
  });

  it("owners' changes to members and removals are in the admins' audit log: who, to whom, before and after", async () => {
    const { owner, companyId } = await companyOwner();
    const colleague = await member(owner, companyId, "buyer", "Cal Colleague");
    const leaver = await member(owner, companyId, "requester", "Lee Leaver");
    const members = `/api/companies/${companyId}/members`;
    const change = (body: object) => call("PATCH", `${members}/${colleague.email}`, owner, body);
    expect((await change({ role: "owner" })).statusCode).toBe(200);
    expect((await change({ role: "owner" })).statusCode).toBe(200);
    expect((await change({ role: "buyer", monthlyLimit: 250 })).statusCode).toBe(200);
    expect((await call("DELETE", `${members}/${colleague.email}`, owner)).statusCode).toBe(200);
    expect((await call("DELETE", `${members}/${leaver.email}`, leaver)).statusCode).toBe(200);

    const audit = (await call("GET", "/api/admin/audit?limit=100", admin))
      .json<AuditEntry[]>()
      .filter((entry) => [colleague.email, leaver.email].includes(entry.target));
    const terms = (role: string, monthlyLimit: number | null = null) => ({ companyId, role, monthlyLimit });
    // Newest first; the change that changed nothing is not there.
    expect(audit.map((entry) => [entry.actor, entry.action, entry.target, entry.before, entry.after])).toEqual([
      [leaver.email, "company.member-remove", leaver.email, terms("requester"), null],
      [owner.email, "company.member-remove", colleague.email, terms("buyer", 250), null],
      [owner.email, "company.member-change", colleague.email, terms("owner"), terms("buyer", 250)],
      [owner.email, "company.member-change", colleague.email, terms("buyer"), terms("owner")],
    ]);
  });

  it("admins list companies and mark one tax-exempt with its tax ID, audited", async () => {
    const { owner, companyId } = await companyOwner("Exempt Works");
    await member(owner, companyId, "buyer");
    const listed = (await call("GET", "/api/admin/companies", admin)).json<AdminCompany[]>();
    expect(listed.find((company) => company._id === companyId)).toMatchObject({
      name: "Exempt Works",
      memberCount: 2,
      role: null,
    });
    expect((await call("GET", "/api/admin/companies", owner)).statusCode).toBe(403);
    // Admins use the admin routes; the members' routes do not know them.
    expect((await call("GET", `/api/companies/${companyId}`, admin)).statusCode).toBe(404);

    const url = `/api/admin/companies/${companyId}/tax-exemption`;
    const noId = await call("PUT", url, admin, { taxExempt: true });
    expect(noId.json().errors).toEqual([{ field: "taxId", message: "A tax-exempt company needs its tax ID" }]);
    expect((await call("PUT", url, owner, { taxExempt: true, taxId: "X" })).statusCode).toBe(403);
    expect(
      (await call("PUT", `/api/admin/companies/${UNKNOWN_ID}/tax-exemption`, admin, { taxExempt: false })).statusCode,
    ).toBe(404);
    const exempt = await call("PUT", url, admin, { taxExempt: true, taxId: "EIN 12-3456789" });
    expect(exempt.json<Company>()).toMatchObject({ taxExempt: true, taxId: "EIN 12-3456789", role: null });
    expect((await call("GET", `/api/companies/${companyId}`, owner)).json<Company>()).toMatchObject({
      taxExempt: true,
      taxId: "EIN 12-3456789",
    });
    const lifted = await call("PUT", url, admin, { taxExempt: false });
    expect(lifted.json<Company>()).toMatchObject({ taxExempt: false, taxId: "EIN 12-3456789" });

    const audit = (await call("GET", "/api/admin/audit?limit=100", admin))
      .json<AuditEntry[]>()
      .filter((entry) => entry.target === companyId);
    expect(audit.map((entry) => [entry.actor, entry.action, entry.before, entry.after])).toEqual([
      [
        admin.email,
        "company.tax-exemption",
        { taxExempt: true, taxId: "EIN 12-3456789" },
        { taxExempt: false, taxId: "EIN 12-3456789" },
      ],
      [
        admin.email,
        "company.tax-exemption",
        { taxExempt: false, taxId: null },
        { taxExempt: true, taxId: "EIN 12-3456789" },
      ],
    ]);
  });

  describe("contract price lists", () => {
    let companyId: string;
    let pricedOwner: TestAccount;
    let drill: Product;
    let saw: Product;
    const prices = () => `/api/admin/companies/${companyId}/prices`;
    const listNow = async () => (await call("GET", prices(), admin)).json<ContractPrice[]>();

    beforeAll(async () => {
      ({ companyId, owner: pricedOwner } = await companyOwner("Priced Co"));
      drill = await steps.newTool();
      saw = await steps.newTool();
    });

    it("an admin replaces the whole list; SKUs in any case; a list with unknown SKUs is refused by row, nothing applied", async () => {
      const put = (body: unknown) => call("PUT", prices(), admin, body);
      const first = await put([{ sku: drill.sku.toLowerCase(), unitPrice: 8.5 }]);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual([{ sku: drill.sku, name: drill.name, unitPrice: 8.5, listPrice: 10 }]);

      const refused = await put([
        { sku: saw.sku, unitPrice: 9 },
        { sku: "NO-SUCH-1", unitPrice: 5 },
        { sku: "no-such-2", unitPrice: 5 },
        { sku: saw.sku.toLowerCase(), unitPrice: 7 },
      ]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([
        { field: "1.sku", message: "Row 2: no tool has SKU NO-SUCH-1" },
        { field: "2.sku", message: "Row 3: no tool has SKU no-such-2" },
        { field: "3.sku", message: `Row 4: SKU ${saw.sku} is in row 1 already` },
      ]);
      expect(refused.json().message).toBe(
        `Row 2: no tool has SKU NO-SUCH-1; Row 3: no tool has SKU no-such-2; Row 4: SKU ${saw.sku} is in row 1 already`,
      );
      expect(await listNow()).toEqual(first.json());

      for (const [row, field] of [
        [{ sku: saw.sku, unitPrice: 0 }, "0.unitPrice"],
        [{ sku: saw.sku, unitPrice: -1 }, "0.unitPrice"],
        [{ sku: saw.sku, unitPrice: 1.234 }, "0.unitPrice"],
        [{ sku: "", unitPrice: 1 }, "0.sku"],
      ] as const) {
        const bad = await put([row]);
        const fields = new Set(bad.json().errors.map((error: { field: string }) => error.field));
        expect([bad.statusCode, [...fields]]).toEqual([400, [field]]);
      }
      expect((await put({ sku: saw.sku, unitPrice: 1 })).statusCode).toBe(400);
      expect(await listNow()).toEqual(first.json());

      const replaced = await put([
        { sku: saw.sku, unitPrice: 12 },
        { sku: drill.sku, unitPrice: 7.25 },
      ]);
      const bySku = Object.fromEntries(replaced.json<ContractPrice[]>().map((price) => [price.sku, price.unitPrice]));
      expect(bySku).toEqual({ [saw.sku]: 12, [drill.sku]: 7.25 });
      const audit = (await call("GET", "/api/admin/audit?limit=100", admin))
        .json<AuditEntry[]>()
        .filter((entry) => entry.target === companyId && entry.action === "company.prices");
      expect(audit.map((entry) => entry.before)).toEqual([[{ sku: drill.sku, unitPrice: 8.5 }], []]);
      expect((await call("GET", `/api/admin/companies/${UNKNOWN_ID}/prices`, admin)).statusCode).toBe(404);
      expect((await call("PUT", `/api/admin/companies/${UNKNOWN_ID}/prices`, admin, [])).statusCode).toBe(404);
    });

    it("the list goes out as CSV and comes back as it went; a bad row of a file is refused by its line", async () => {
      await call("PUT", prices(), admin, [
        { sku: drill.sku, unitPrice: 8 },
        { sku: saw.sku, unitPrice: 9.99 },
      ]);
      const kept = await listNow();
      const download = await call("GET", `${prices()}.csv`, admin);
      expect(download.headers["content-type"]).toBe("text/csv; charset=utf-8");
      const lines = download.body.trimEnd().split("\r\n");
      expect(lines[0]).toBe('"sku","unitPrice","name","listPrice"');
      expect(lines).toHaveLength(3);

      const upload = (body: string, account = admin) =>
        ctx.app.inject({
          method: "PUT",
          url: `${prices()}.csv`,
          headers: { ...bearer(account.token), "content-type": "text/csv" },
          payload: body,
        });
      await call("PUT", prices(), admin, []);
      expect(await listNow()).toEqual([]);
      const back = await upload(download.body);
      expect(back.statusCode).toBe(200);
      expect(back.json()).toEqual(kept);
      expect(await listNow()).toEqual(kept);

      // A spreadsheet's own: a byte-order mark, semicolons, no header, a $ sign, a blank line.
      const plain = await upload(`\uFEFF${drill.sku.toLowerCase()};$6.50\r\n\r\n${saw.sku};7\r\n`);
      const bySku = Object.fromEntries(plain.json<ContractPrice[]>().map((price) => [price.sku, price.unitPrice]));
      expect(bySku).toEqual({ [drill.sku]: 6.5, [saw.sku]: 7 });
      const before = await listNow();
      const bad = await upload(`sku,unitPrice\n${drill.sku},5\nNOPE-1,4\n${saw.sku},lots\n${saw.sku},0\n`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([
        { field: "row 3", message: "Row 3: no tool has SKU NOPE-1" },
        { field: "row 4", message: 'Row 4: the unit price must be an amount in dollars, like 12.50 (not "lots")' },
        { field: "row 5", message: "Row 5: The unit price must be more than $0" },
      ]);
      const header = await upload("sku,price\nA,1\n");
      expect(header.json().message).toBe("Row 1: The header row must name the columns sku and unitPrice");
      expect(await listNow()).toEqual(before);
      expect((await upload("sku,unitPrice\n", (await companyOwner()).owner)).statusCode).toBe(403);
      const json = await call("PUT", `${prices()}.csv`, admin, []);
      expect(json.statusCode).toBe(415);
    });

    it("every member reads the company's contract prices, to see them beside the list price; others read none", async () => {
      const mine = "/api/companies/mine/prices";
      const { owner } = await companyOwner("Unpriced Co");
      expect((await call("GET", mine, owner)).json()).toEqual({});
      expect((await call("GET", mine, await signUp(ctx.app, { name: "Nobody's" }))).json()).toEqual({});

      await call("PUT", prices(), admin, [{ sku: drill.sku, unitPrice: 7.5 }]);
      const requester = await member(pricedOwner, companyId, "requester");
      const read = await call("GET", mine, requester);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ [drill.sku]: 7.5 });
    });
  });

  it("a requester reads the company but manages nothing (403), and may leave it", async () => {
    const { owner, companyId } = await companyOwner();
    const requester = await member(owner, companyId, "requester");
    expect((await call("GET", `/api/companies/${companyId}`, requester)).json<Company>().role).toBe("requester");
    for (const [method, path, payload] of [
      ["GET", "/invitations", undefined],
      ["PATCH", "", { name: "Mine now" }],
      ["POST", "/addresses", { label: "L", address: "1 Road", phone: "5550100000" }],
      ["PATCH", `/members/${owner.email}`, { role: "buyer" }],
      ["DELETE", `/members/${owner.email}`, undefined],
    ] as const) {
      const response = await call(method, `/api/companies/${companyId}${path}`, requester, payload);
      expect([method, path, response.statusCode]).toEqual([method, path, 403]);
    }
    const left = await call("DELETE", `/api/companies/${companyId}/members/${requester.email}`, requester);
    expect(left.json()).toEqual({ deletedCount: 1 });
    expect((await call("GET", "/api/companies/mine", requester)).json()).toBeNull();
    const members = (await call("GET", `/api/companies/${companyId}/members`, owner)).json<CompanyMember[]>();
    expect(members.map((row) => row.email)).toEqual([owner.email]);
  });
});
