import type { CompanyStatement, OrderWithCredit } from "@forgeline/contract";
import { and, eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyMembers } from "../company/tables.js";
import { creditNotes } from "../ordering/order-money.js";
import { markAddressConfirmed, signUp, type TestAccount } from "../test/accounts.js";
import { onAccountSteps } from "../test/on-account.js";
import { pdfText } from "../test/pdf.js";
import { startSmtpStandIn } from "../test/smtp-stand-in.js";
import { createTestApp } from "../test/test-app.js";
import { sendDueReminders } from "./reminders.js";

const BANK = "Forgeline Tools Ltd · IBAN GB00 TEST 0000 0000 0000 00";
const REASON = "Three drills damaged in transit";

/**
 * What the mails say, as a mail service receives them (docs/BUYING-ON-ACCOUNT.md, 'Credit notes' and 'Reminders'):
 * a credit note's reason, asked for and refused like every one-line field, on the note, its PDF, the statement and
 * the mail; a reminder names the transfer and, to those who pay, the card.
 */
describe("credit note reasons and the ways to pay a reminder names", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestAccount;
  let steps: ReturnType<typeof onAccountSteps>;

  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    ctx = await createTestApp({ env: { SMTP_URL: smtp.url, SHOP_BANK_DETAILS: BANK } });
    admin = await signUp(ctx.app, { admin: true });
    steps = onAccountSteps(ctx, admin);
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  /** The text of the mails to `who` whose subject holds `subject`, once `count` of them arrived. */
  async function mailsTo(who: TestAccount, subject: string, count = 1) {
    const about = () => smtp.received.filter((mail) => mail.to.includes(who.email) && mail.raw.includes(subject));
    await expect.poll(() => about().length, { timeout: 10_000 }).toBe(count);
    return Promise.all(about().map(async (mail) => (await simpleParser(mail.raw)).text ?? ""));
  }

  /** A company on account whose buyer and owner read their mail (an unconfirmed address gets none). */
  async function confirmedCompany(name: string) {
    const company = await steps.companyOnAccount(name, ["owner"]);
    const [owner] = company.members as [TestAccount];
    for (const who of [company.buyer, owner]) await markAddressConfirmed(ctx.app, who.email);
    return { ...company, owner };
  }

  it("refuses a credit note without a one-line reason, naming `reason`, and issues none", async () => {
    const { buyer } = await confirmedCompany("Reasonless Co");
    const order = await steps.invoiced(buyer, 1000);
    for (const reason of [undefined, "", "   ", "x".repeat(201), "Broken\nhandles", "Tab\there", "Nul\u0000", 42]) {
      const refused = await steps.credit(order._id, { amount: 100, reason });
      expect({ reason, status: refused.statusCode }).toEqual({ reason, status: 400 });
      expect(refused.json().errors).toMatchObject([{ field: "reason" }]);
    }
    const [missing, , , long, lineBreak] = await Promise.all(
      [undefined, "", "", "x".repeat(201), "a\nb"].map((reason) => steps.credit(order._id, { amount: 1, reason })),
    );
    expect(missing?.json().errors[0].message).toBe("Reason is Required");
    expect(long?.json().errors[0].message).toBe("Reason must be 200 characters or fewer");
    expect(lineBreak?.json().errors[0].message).toBe("Reason cannot hold control characters");
    expect(await ctx.db.select().from(creditNotes).where(eq(creditNotes.orderId, order._id))).toEqual([]);
    expect((await steps.call("GET", `/api/ordering/${order._id}`, buyer)).json<OrderWithCredit>()).toMatchObject({
      credited: 0,
      balance: 1000,
    });
  });

  it("keeps the reason and shows it on the order, the note's PDF, the statement and its PDF, and the mail", async () => {
    const { buyer, companyId } = await confirmedCompany("Reasoned Co");
    const order = await steps.invoiced(buyer, 1000);
    const issued = await steps.credit(order._id, { amount: 120, reason: `  ${REASON} ` });
    expect(issued.statusCode, issued.body).toBe(201);
    const [note] = issued.json<OrderWithCredit>().creditNotes;
    expect(note).toMatchObject({ amount: 120, reason: REASON });
    const number = note?.number ?? "";
    const [stored] = await ctx.db.select().from(creditNotes).where(eq(creditNotes.number, number));
    expect(stored?.reason).toBe(REASON);
    const read = (await steps.call("GET", `/api/ordering/${order._id}`, buyer)).json<OrderWithCredit>();
    expect(read.creditNotes).toMatchObject([{ number, reason: REASON }]);

    const pdf = await pdfText(
      (await steps.call("GET", `/api/ordering/${order._id}/credit-notes/${number}`, buyer)).rawPayload,
    );
    expect(pdf).toContain(`Reason: ${REASON}`);

    const statement = (
      await steps.call("GET", `/api/companies/${companyId}/statement`, buyer)
    ).json<CompanyStatement>();
    expect(statement.entries.filter((entry) => entry.kind === "credit-note")).toMatchObject([
      { reference: number, reason: REASON },
    ]);
    expect(statement.entries.filter((entry) => entry.kind !== "credit-note").map((entry) => entry.reason)).toEqual([
      null,
    ]);
    const statementPdf = await pdfText(
      (await steps.call("GET", `/api/companies/${companyId}/statement.pdf`, buyer)).rawPayload,
    );
    expect(statementPdf).toContain(`Credit note ${number} for invoice ${order.invoice?.number} (${REASON})`);
    const csv = (await steps.call("GET", `/api/companies/${companyId}/statement.csv`, buyer)).body;
    expect(csv).toContain(`Credit note ${number} for invoice ${order.invoice?.number} (${REASON})`);

    const [mail] = await mailsTo(buyer, `Credit note ${number}`);
    expect(mail).toContain(`We credited $120.00 against invoice ${order.invoice?.number}`);
    expect(mail).toContain(`Reason: ${REASON}`);
  });

  it("reminds with the bank details and, to those who pay the company's orders, the card payment page", async () => {
    const { buyer, owner, companyId } = await confirmedCompany("Two Ways Co");
    const order = await steps.invoiced(buyer, 1000);
    const dueAt = Date.parse(order.invoice?.dueAt ?? "");
    await sendDueReminders(ctx.db, new Date(dueAt - 3 * 86_400_000 + 60_000));
    const subject = `Invoice ${order.invoice?.number} is due in 3 days`;
    const cardPage = `http://localhost:5000/dashboard/payment/${order._id}`;
    for (const who of [buyer, owner]) {
      const [mail] = await mailsTo(who, subject);
      expect(mail).toContain(`Pay by bank transfer quoting ${order.invoice?.number}, to: ${BANK}`);
      expect(mail).toContain(`Or pay $1,000.00 by card on the order's payment page: ${cardPage}`);
    }

    // Its buyer now a requester, who pays nothing (decision 058): their reminder names the transfer only.
    await ctx.db
      .update(companyMembers)
      .set({ role: "requester" })
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.email, buyer.email)));
    await sendDueReminders(ctx.db, new Date(dueAt + 60_000));
    const due = `Invoice ${order.invoice?.number} is due today`;
    const [toRequester] = await mailsTo(buyer, due);
    expect(toRequester).toContain(`Pay by bank transfer quoting ${order.invoice?.number}, to: ${BANK}`);
    expect(toRequester).not.toContain("by card");
    expect(await mailsTo(owner, due)).toEqual([expect.stringContaining(cardPage)]);
  });
});
