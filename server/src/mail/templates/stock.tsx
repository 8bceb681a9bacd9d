import { Text } from "@react-email/components";
import { MailLayout } from "./layout.js";
import type { Shop } from "./order.js";

/**
 * The daily mail to each admin when tools are below their low-stock threshold (docs/SELLING-TO-BUSINESSES.md, 'Overview
 * for the shop owner').
 */
export interface LowStockMailData {
  /** The UTC day it is about, YYYY-MM-DD. */
  day: string;
  /** How many tools are low in all (the list may hold fewer). */
  count: number;
  /** `byWarehouse`: what each warehouse has available (absent from mails queued before warehouses were named). */
  tools: {
    name: string;
    sku: string;
    quantity: number;
    threshold: number;
    byWarehouse?: { code: string; available: number }[];
  }[];
}

/** " (MAIN 10, EAST 2)": where the pieces are, warehouse by warehouse. */
const whereText = (places: { code: string; available: number }[] | undefined) =>
  places && places.length > 0 ? ` (${places.map((place) => `${place.code} ${place.available}`).join(", ")})` : "";

const subject = (data: LowStockMailData) =>
  data.count === 1 ? "1 tool is running low on stock" : `${data.count} tools are running low on stock`;

export const lowStock = {
  subject,
  body: (data: LowStockMailData, shop: Shop) => (
    <MailLayout
      preview={subject(data)}
      heading="Tools running low"
      greeting="Hello,"
      action={{ href: `${shop.publicUrl}/dashboard`, label: "Open the overview" }}
      after="Set a tool's threshold in Manage Products. You get this mail at most once a day."
    >
      <Text>{`On ${data.day} (UTC) these tools are below their low-stock threshold:`}</Text>
      <Text>
        {data.tools.map((tool) => (
          <span key={tool.sku}>
            {`${tool.name} (${tool.sku}): ${tool.quantity} in stock${whereText(tool.byWarehouse)}, threshold ${tool.threshold}`}
            <br />
          </span>
        ))}
        {data.count > data.tools.length ? `and ${data.count - data.tools.length} more` : null}
      </Text>
    </MailLayout>
  ),
};

/** To the buyer whose waiting line a receipt has just filled (docs/STOCK.md, 'Backorders'). */
export interface BackorderReadyMailData {
  orderId: string;
  /** FL-100234. */
  number: string;
  productName: string;
  /** The line's pieces, all now set aside for it. */
  quantity: number;
}

const readySubject = (data: BackorderReadyMailData) => `Your ${data.quantity} ${data.productName} are ready to ship`;

export const backorderReady = {
  subject: readySubject,
  body: (data: BackorderReadyMailData, shop: Shop) => (
    <MailLayout
      preview={readySubject(data)}
      heading="The rest has come in"
      greeting="Hello,"
      action={{ href: `${shop.publicUrl}/dashboard/myorders/${data.orderId}`, label: "See the order" }}
      after="We ship as you chose when you ordered: what is ready, or the whole order once every line is."
    >
      <Text>{`All ${data.quantity} ${data.productName} of order ${data.number} are now in stock and set aside for you.`}</Text>
    </MailLayout>
  ),
};
