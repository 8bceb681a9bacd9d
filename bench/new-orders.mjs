// node bench/new-orders.mjs <url> <token> <product ids file> <duration s>
// autocannon with a new order in each request (the next product of the list), printed as autocannon's JSON.
// More requests than products would come back to the first ones as duplicates: the list must outnumber them.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

const [url, token, idsFile, duration] = process.argv.slice(2);
const productIds = JSON.parse(readFileSync(idsFile, "utf8"));
let next = 0;
const result = await autocannon({
  url,
  duration: Number(duration),
  connections: 10,
  method: "POST",
  headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
  // A request object of each connection's own: autocannon keeps a request's built bytes on the object, so
  // with one shared object every connection's first request would carry the product of the last one built.
  setupClient: (client) =>
    client.setRequests([
      {
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            orderId: productIds[next++ % productIds.length],
            quantity: 100,
            phone: "5550100000",
            address: "1 Bench Road",
          }),
        }),
      },
    ]),
});
process.stdout.write(JSON.stringify(result));
