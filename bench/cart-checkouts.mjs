// node bench/cart-checkouts.mjs <origin> <tokens file> <product ids file> <duration s>
// autocannon in pairs, each connection a buyer of its own (the tokens file holds one token per connection):
// PUT /api/cart/lines/{the next product} {quantity: 100}, whose answer (the priced cart) gives the total,
// then POST /api/cart/checkout with that total as expectedTotal: a new order of one line each pair. The
// products follow each other across all connections, so no buyer meets a tool of an unpaid order of theirs
// while the list outnumbers the pairs. Printed as autocannon's JSON: its requests count both of each pair.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

const [origin, tokensFile, idsFile, duration] = process.argv.slice(2);
const tokens = JSON.parse(readFileSync(tokensFile, "utf8"));
const productIds = JSON.parse(readFileSync(idsFile, "utf8"));
const connections = tokens.length;
let nextProduct = 0;
let nextBuyer = 0;

/**
 * The pair of one connection. autocannon shares one `requests` list between its connections (and keeps
 * each request's built bytes on it), so each connection gets a list of its own, holding its buyer's token;
 * the context (per connection, emptied after each pair) carries the cart's total from the PUT to the POST.
 */
function pairOf(token) {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  return [
    {
      method: "PUT",
      headers,
      setupRequest: (request) => ({
        ...request,
        path: `/api/cart/lines/${productIds[nextProduct++ % productIds.length]}`,
        body: JSON.stringify({ quantity: 100 }),
      }),
      onResponse: (status, body, context) => {
        if (status === 200) context.total = JSON.parse(body).total;
      },
    },
    {
      method: "POST",
      headers,
      setupRequest: (request, context) => ({
        ...request,
        path: "/api/cart/checkout",
        body: JSON.stringify({
          phone: "5550100000",
          address: "1 Bench Road",
          poNumber: "PO-BENCH",
          // A failed PUT leaves no total: the checkout is then refused and counted as a failed answer.
          expectedTotal: context.total ?? 0,
        }),
      }),
    },
  ];
}

const result = await autocannon({
  url: origin,
  duration: Number(duration),
  connections,
  requests: [{ method: "GET", path: "/api/ready" }],
  setupClient: (client) => {
    const token = tokens[nextBuyer++];
    if (!token) throw new Error("one token per connection");
    client.setRequests(pairOf(token));
  },
});
process.stdout.write(JSON.stringify(result));
