import { createRequire } from "node:module";
import { dayInWords, formatCents } from "@forgeline/contract";
import type { FastifyReply } from "fastify";
import PDFDocument from "pdfkit";

/**
 * The one layout of the documents a customer downloads (an invoice, a quote, a statement): a title, the facts
 * under it (dates, numbers, terms), the parties one under the other, the lines as a table, the totals, then notes.
 * A resource says what goes in each part; this module alone knows how it looks, so every document looks
 * alike and a new fact (a due date, payment terms) is one more entry, not more layout.
 */
export interface PdfDocument {
  title: string;
  /** The seller, as the PDF's author. */
  author: string;
  /** The PDF's subject, which a file browser may show. */
  subject: string;
  /** One line each, under the title: "Date: 2026-05-01". An empty one is left out, as in `parties`. */
  facts: (string | null)[];
  /** Seller, Bill to, Deliver to…: a heading and its lines; an empty line is left out. */
  parties: { heading: string; lines: (string | null)[] }[];
  /** Each tool by its name and SKU, printed "name (SKU)". */
  lines: { name: string; sku: string; quantity: number; unitCents: Cents; totalCents: Cents }[];
  /**
   * A table of other rows than tools (a statement's entries), printed instead of `lines`: its columns, each a
   * share of the width (the first left-aligned, the rest right), and its rows of text, one cell per column.
   */
  table?: { columns: { title: string; share: number }[]; rows: string[][] };
  /** The rows under the lines: a subtotal, a discount (`minus`), the tax, the total (`strong`); see `moneyRows`. */
  totals: { label: string; cents: Cents; minus?: boolean; strong?: boolean }[];
  /** Paragraphs after the totals: how it was paid, how long prices hold. An empty one is left out. */
  notes: (string | null)[];
}

type Cents = number | bigint;

/** The seller, as every document names it. `taxId` is null on a local run only (config.ts). */
export function sellerParty(seller: { name: string; address: string; taxId: string | null }) {
  const [name, address] = namedAddress(seller.name, seller.address);
  return { heading: "Seller", lines: [name, address, taxIdLine(seller.taxId)] };
}

export const taxIdLine = (taxId: string | null) => taxId && `Tax ID: ${taxId}`;

/**
 * A company as a document names it: its name, its tax ID, then its address; an address that starts with the
 * company's name, as a postal address does ("Acme Works Ltd\n9 Ledger Lane" for Acme Works), is printed without
 * the name above it, so the name is read once.
 */
export function companyLines(name: string, taxId: string | null, address: string | null): (string | null)[] {
  const [named, rest] = namedAddress(name, address ?? "");
  return named === null ? [rest, taxIdLine(taxId)] : [named, taxIdLine(taxId), rest || null];
}

/** `[name, address]`, or `[null, address]` when the address's first line already begins with the name. */
function namedAddress(name: string, address: string): [string | null, string] {
  const first = address.trim().split(/[\n,]/, 1)[0]?.trim().toLocaleLowerCase() ?? "";
  const own = name.trim().toLocaleLowerCase();
  const repeats = own !== "" && first.startsWith(own) && !/^[\p{L}\p{N}]/u.test(first.slice(own.length));
  return [repeats ? null : name, address];
}

/** What a document's money adds up to, as the order or quote froze it. */
export interface Figures {
  subtotalCents: Cents;
  /** A promotion's discount, named; none on a quote. */
  discount: { name: string; cents: Cents } | null;
  /** Percent. */
  taxRate: number;
  taxCents: Cents;
  /** The buyer's company was tax-exempt: no tax, and the document says why. */
  taxExempt: boolean;
  totalCents: Cents;
}

/** The rows under the lines: the subtotal when something is added or taken off, then the total as `totalLabel`. */
export function moneyRows(figures: Figures, totalLabel: string): PdfDocument["totals"] {
  const { discount } = figures;
  const taxed = BigInt(figures.taxCents) > 0n;
  return [
    ...(discount || taxed ? [{ label: "Subtotal", cents: figures.subtotalCents }] : []),
    ...(discount ? [{ label: `Discount: ${discount.name}`, cents: discount.cents, minus: true }] : []),
    ...(taxed ? [{ label: `Tax (${figures.taxRate}%)`, cents: figures.taxCents }] : []),
    ...(figures.taxExempt ? [{ label: "Tax: none, the buyer is tax-exempt", cents: 0 }] : []),
    { label: totalLabel, cents: figures.totalCents, strong: true },
  ];
}

// DejaVu covers Latin, Greek and Cyrillic, so a buyer called Łukasz or Žofia is printed as written;
// PDF's built-in Helvetica knows only Western European letters.
const fonts = createRequire(import.meta.url);
const REGULAR = fonts.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const BOLD = fonts.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");

/** A date as every document prints it, its due dates included: 3 December 2026 (UTC). */
export const pdfDay = (date: Date) => dayInWords(date);
/** A moment as the documents print it, where the hour matters (an expiry): 31 May 2026, 23:59 UTC. */
export const pdfMoment = (date: Date) => `${dayInWords(date)}, ${date.toISOString().slice(11, 16)} UTC`;
/** An amount as the documents print it, a negative one with the minus sign the pages write: "−$5,000.00". */
export const signedCents = (cents: Cents) =>
  BigInt(cents) < 0n ? `−${formatCents(-BigInt(cents))}` : formatCents(cents);
/** An amount taken off, as the pages write a discount ("−$432.00"); nothing taken off is "$0.00", never "−$0.00". */
export const lessCents = (cents: Cents) => signedCents(-BigInt(cents));

type Font = "regular" | "bold";

/** The document as an A4 PDF; a long table goes on over more pages, its heading repeated. */
export function pdfDocument(content: PdfDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    info: { Title: content.title, Author: content.author, Subject: content.subject },
  });
  doc.registerFont("regular", REGULAR);
  doc.registerFont("bold", BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const paragraph = (text: string, font: Font = "regular") => doc.font(font).text(text, left, doc.y, { width });

  doc.font("bold").fontSize(20).text(content.title, left, doc.y, { width });
  doc.font("regular").fontSize(10).moveDown(0.3);
  for (const fact of content.facts) if (fact) paragraph(fact);
  doc.moveDown();

  // One party under the other, each the page's width, so a long address or email stays on one line.
  for (const party of content.parties) {
    paragraph(party.heading, "bold");
    for (const line of party.lines) if (line) paragraph(line);
    doc.moveDown();
  }
  doc.moveDown(0.5);

  const shares = content.table?.columns ?? [
    { title: "Tool", share: 0.46 },
    { title: "Quantity", share: 0.16 },
    { title: "Unit price", share: 0.18 },
    { title: "Total", share: 0.2 },
  ];
  let x = left;
  const columns = shares.map(({ title, share }, index) => {
    const column = { title, x, width: width * share, align: index === 0 ? ("left" as const) : ("right" as const) };
    x += column.width;
    return column;
  });
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const rule = () =>
    doc
      .moveTo(left, doc.y - 3)
      .lineTo(left + width, doc.y - 3)
      .stroke();
  const cellsAt = (cells: string[], font: Font, y: number) => {
    doc.font(font);
    let below = y;
    cells.forEach((cell, i) => {
      const column = columns[i];
      if (!column) return;
      doc.text(cell, column.x, y, { width: column.width, align: column.align });
      below = Math.max(below, doc.y);
    });
    doc.y = below + 6;
  };
  const heading = () => {
    cellsAt(
      columns.map((column) => column.title),
      "bold",
      doc.y,
    );
    rule();
  };
  // A row that would run past the page's foot starts the next page, under the table's heading again.
  const row = (cells: string[], font: Font) => {
    doc.font(font);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]?.width ?? width })));
    if (doc.y + height > bottom()) {
      doc.addPage();
      heading();
    }
    cellsAt(cells, font, doc.y);
  };

  // A SKU is read out whole: when "name (SKU)" does not fit the column, the SKU starts a line of its own
  // rather than breaking at one of its hyphens.
  const toolCell = ({ name, sku }: { name: string; sku: string }) => {
    const whole = `${name} (${sku})`;
    doc.font("regular");
    return doc.widthOfString(whole) <= (columns[0]?.width ?? width) ? whole : `${name}\n(${sku})`;
  };

  heading();
  for (const line of content.lines) {
    row([toolCell(line), String(line.quantity), formatCents(line.unitCents), formatCents(line.totalCents)], "regular");
  }
  for (const cells of content.table?.rows ?? []) row(cells, "regular");
  rule();
  for (const total of content.totals) {
    const amount = total.minus ? lessCents(total.cents) : signedCents(total.cents);
    row([total.label, ...columns.slice(2).map(() => ""), amount], total.strong ? "bold" : "regular");
  }

  doc.moveDown();
  for (const note of content.notes) {
    if (!note) continue;
    paragraph(note);
    doc.moveDown(0.5);
  }
  doc.end();
  return done;
}

/** Sends a document as a download named `filename`, kept out of every shared cache. */
export function sendPdf(reply: FastifyReply, pdf: Buffer, filename: string) {
  return reply
    .type("application/pdf")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .header("cache-control", "private, no-store")
    .send(pdf as never); // the typed reply knows a file answer only as text
}
