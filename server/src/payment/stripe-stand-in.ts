import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * For the tests: a local HTTP stand-in for the few Stripe endpoints the shop calls (create, retrieve,
 * capture and cancel PaymentIntents; create refunds), answering in Stripe's shapes and with its rules
 * (idempotency keys, which status allows what), so the real `stripe` SDK can be pointed at it with its
 * `host`, `port` and `protocol` options. Nothing leaves the machine.
 */
export interface StandInIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  capture_method: string;
  status: Stripe.PaymentIntent.Status;
  client_secret: string;
  metadata: Record<string, string>;
}

export interface StandInRefund {
  id: string;
  object: "refund";
  amount: number;
  payment_intent: string;
  status: "succeeded";
}

export interface StandInRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  params: URLSearchParams;
}

export interface StripeStandIn {
  /** Give this to STRIPE_API_URL. */
  url: string;
  intents: Map<string, StandInIntent>;
  refunds: StandInRefund[];
  requests: StandInRequest[];
  /** What Stripe.js does in the browser with a good card: authorized (manual capture) or paid outright. */
  confirmCard(intentId: string): StandInIntent;
  close(): Promise<void>;
}

const CANCELABLE = new Set(["requires_payment_method", "requires_confirmation", "requires_action", "requires_capture"]);

class StripeRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const idFor = (prefix: string) => `${prefix}_standin${randomBytes(8).toString("hex")}`;

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>();
  const refunds: StandInRefund[] = [];
  const requests: StandInRequest[] = [];
  const answered = new Map<string, { body: string; status: number; answer: unknown }>();

  const intentNamed = (id: string | undefined) => {
    const intent = id ? intents.get(id) : undefined;
    if (!intent) throw new StripeRefusal(404, "resource_missing", `No such payment_intent: '${id}'`);
    return intent;
  };
  const unexpected = (intent: StandInIntent, action: string) =>
    new StripeRefusal(
      400,
      "payment_intent_unexpected_state",
      `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}.`,
    );

  function handle(method: string, path: string, params: URLSearchParams): unknown {
    const [, version, resource, id, action] = path.split("/");
    if (version !== "v1") throw new StripeRefusal(404, "resource_missing", `Unrecognized request URL (${path})`);
    if (resource === "payment_intents" && method === "POST" && !id) {
      const amount = Number(params.get("amount"));
      if (!Number.isInteger(amount) || amount < 50) {
        throw new StripeRefusal(400, "amount_too_small", "Amount must be at least 50 cents");
      }
      const created: StandInIntent = {
        id: idFor("pi"),
        object: "payment_intent",
        amount,
        amount_capturable: 0,
        amount_received: 0,
        currency: params.get("currency") ?? "usd",
        capture_method: params.get("capture_method") ?? "automatic",
        status: "requires_payment_method",
        client_secret: "",
        metadata: Object.fromEntries(
          [...params].filter(([key]) => key.startsWith("metadata[")).map(([key, value]) => [key.slice(9, -1), value]),
        ),
      };
      created.client_secret = `${created.id}_secret_${randomBytes(12).toString("hex")}`;
      intents.set(created.id, created);
      return created;
    }
    if (resource === "payment_intents" && method === "GET" && !action) return intentNamed(id);
    if (resource === "payment_intents" && method === "POST" && action === "capture") {
      const intent = intentNamed(id);
      if (intent.status !== "requires_capture") throw unexpected(intent, "capture");
      Object.assign(intent, { status: "succeeded", amount_received: intent.amount, amount_capturable: 0 });
      return intent;
    }
    if (resource === "payment_intents" && method === "POST" && action === "cancel") {
      const intent = intentNamed(id);
      if (!CANCELABLE.has(intent.status)) throw unexpected(intent, "cancel");
      Object.assign(intent, { status: "canceled", amount_capturable: 0 });
      return intent;
    }
    if (resource === "refunds" && method === "POST" && !id) {
      const intent = intentNamed(params.get("payment_intent") ?? undefined);
      const refunded = refunds
        .filter((refund) => refund.payment_intent === intent.id)
        .reduce((sum, r) => sum + r.amount, 0);
      const amount = Number(params.get("amount") ?? intent.amount_received - refunded);
      if (intent.status !== "succeeded") {
        throw new StripeRefusal(
          400,
          "payment_intent_unexpected_state",
          `PaymentIntent ${intent.id} has no charge to refund.`,
        );
      }
      if (amount > intent.amount_received - refunded) {
        throw new StripeRefusal(400, "charge_already_refunded", `Charge for ${intent.id} has already been refunded.`);
      }
      const refund: StandInRefund = {
        id: idFor("re"),
        object: "refund",
        amount,
        payment_intent: intent.id,
        status: "succeeded",
      };
      refunds.push(refund);
      return refund;
    }
    throw new StripeRefusal(404, "resource_missing", `Unrecognized request URL (${method}: ${path})`);
  }

  const bodyOf = async (request: IncomingMessage) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    return body;
  };

  const server = createServer(async (request, response) => {
    const method = request.method ?? "GET";
    const [path = "", query = ""] = (request.url ?? "").split("?");
    const body = method === "GET" ? query : await bodyOf(request);
    const idempotencyKey = request.headers["idempotency-key"] as string | undefined;
    requests.push({ method, path, idempotencyKey, params: new URLSearchParams(body) });
    const send = (status: number, answer: unknown) => {
      response.writeHead(status, { "content-type": "application/json", "request-id": idFor("req") });
      response.end(JSON.stringify(answer));
    };
    if (!request.headers.authorization?.startsWith("Bearer sk_")) {
      return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }
    // As Stripe: a key seen before answers the first answer again, and refuses other parameters.
    const remembered = idempotencyKey ? answered.get(idempotencyKey) : undefined;
    if (remembered && remembered.body !== body) {
      return send(400, {
        error: {
          type: "idempotency_error",
          message: "Keys for idempotent requests can only be used with the same parameters they were first used with.",
        },
      });
    }
    if (remembered) return send(remembered.status, remembered.answer);
    let status = 200;
    let answer: unknown;
    try {
      answer = handle(method, path, new URLSearchParams(body));
    } catch (error) {
      if (!(error instanceof StripeRefusal)) throw error;
      status = error.status;
      answer = { error: { type: "invalid_request_error", code: error.code, message: error.message } };
    }
    if (idempotencyKey && method === "POST") answered.set(idempotencyKey, { body, status, answer });
    send(status, answer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    requests,
    confirmCard(intentId) {
      const intent = intentNamed(intentId);
      // As Stripe.js is refused: a canceled intent takes no card.
      if (intent.status === "canceled") return intent;
      if (intent.capture_method === "manual") {
        Object.assign(intent, { status: "requires_capture", amount_capturable: intent.amount });
      } else Object.assign(intent, { status: "succeeded", amount_received: intent.amount });
      return intent;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A webhook delivery of one PaymentIntent event, signed as Stripe signs it (the SDK's own test helper). */
export function signedEvent(type: string, intent: StandInIntent, secret: string) {
  const payload = JSON.stringify({
    id: idFor("evt"),
    object: "event",
    type,
    data: { object: { ...intent } },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, headers: { "content-type": "application/json", "stripe-signature": signature } };
}
