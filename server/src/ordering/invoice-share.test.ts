import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { invoiceShareCents } from "./invoice-share.js";
import type { OrderLineRow } from "./queries/orders.js";

/** An order line as the share reads it: its pieces, price and share of the promotion. */
const line = (position: number, quantity: number, unitCents: number, discountCents: number) =>
  ({ position, quantity, unitCents, totalCents: unitCents * quantity, discountCents }) as OrderLineRow;

describe("a shipment's invoice (docs/decisions/077-invoices-per-shipment.md)", () => {
  it("bills its share of the total: what it carries after the promotion, with its tax", () => {
    // $1,000 of drills and $500 of saws, 10% off the drills, 8.875% tax on the $1,400: total $1,524.25.
    const lines = [line(0, 100, 1000, 10_000), line(1, 50, 1000, 0)];
    const order = { totalCents: 152_425, invoicedCents: 0 };
    const carried = new Map([[0, 40]]);
    // 40 drills: $360 after the promotion, $391.95 with its tax.
    expect(invoiceShareCents(order, lines, carried, false)).toBe(39_195);
    // 1 saw: $10, $10.8875 with its tax, rounded half up.
    expect(invoiceShareCents(order, lines, new Map([[1, 1]]), false)).toBe(1089);
    // The shipment that leaves nothing behind bills what is left.
    expect(
      invoiceShareCents(
        { ...order, invoicedCents: 39_195 },
        lines,
        new Map([
          [0, 60],
          [1, 50],
        ]),
        true,
      ),
    ).toBe(113_230);
  });

  it("adds up to the total to the cent, shipped in any parts, and never bills more than is left", () => {
    const lineArb = fc.record({
      quantity: fc.integer({ min: 1, max: 500 }),
      unitCents: fc.integer({ min: 1, max: 100_000 }),
      discountPercent: fc.integer({ min: 0, max: 50 }),
    });
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 25_000 }),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 6 }),
        (specs, taxMilli, cuts) => {
          const lines = specs.map((spec, position) =>
            line(
              position,
              spec.quantity,
              spec.unitCents,
              Math.round((spec.unitCents * spec.quantity * spec.discountPercent) / 100),
            ),
          );
          const net = lines.reduce((sum, one) => sum + one.totalCents - one.discountCents, 0);
          const totalCents = net + Math.round((net * taxMilli) / 100_000);
          const left = new Map(lines.map((one) => [one.position, one.quantity]));
          let invoicedCents = 0;
          for (const cut of cuts) {
            const pieces = new Map(
              [...left].map(([position, quantity]) => [position, Math.ceil((quantity * cut) / 100)] as const),
            );
            const everything = [...left].every(([position, quantity]) => pieces.get(position) === quantity);
            const cents = invoiceShareCents({ totalCents, invoicedCents }, lines, pieces, everything);
            expect(cents).toBeGreaterThanOrEqual(0);
            expect(cents).toBeLessThanOrEqual(totalCents - invoicedCents);
            invoicedCents += cents;
            for (const [position, quantity] of pieces) left.set(position, (left.get(position) ?? 0) - quantity);
            if (everything) break;
          }
          const rest = invoiceShareCents({ totalCents, invoicedCents }, lines, left, true);
          expect(invoicedCents + rest).toBe(totalCents);
        },
      ),
    );
  });
});
