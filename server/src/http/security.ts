import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/**
 * The headers helmet sets for these options, computed once. (@fastify/helmet rebuilds helmet's
 * middleware on every request, which cost about a fifth of the CPU of a cached catalogue call.)
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error("helmet did not finish synchronously");
  return headers;
}

/** Browser features a shop never uses, turned off for the page and anything it embeds. */
const UNUSED_FEATURES = [
  "accelerometer",
  "autoplay",
  "browsing-topics",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "idle-detection",
  "magnetometer",
  "microphone",
  "midi",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
];

/**
 * The Permissions-Policy: the unused features off, and the Payment Request API (wallets in Stripe's card
 * form) only for this page and Stripe's frames, and only when Stripe takes the payments.
 */
function permissionsPolicy(options: { stripe: boolean }): string {
  const payment = options.stripe ? '(self "https://js.stripe.com")' : "()";
  return [...UNUSED_FEATURES.map((feature) => `${feature}=()`), `payment=${payment}`].join(", ");
}

/**
 * Security headers for every answer: a strict CSP (no inline scripts), no framing, no sniffing, no
 * unused browser features, and, when the shop is served over HTTPS (its PUBLIC_URL), no plain-HTTP
 * requests from its pages (on a plain-HTTP local run that upgrade would break every request).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { stripe: boolean }): void {
  // Stripe Elements loads its script and card iframe from Stripe and talks to its API.
  const stripeScript = options.stripe ? ["https://js.stripe.com"] : [];
  const stripeApi = options.stripe ? ["https://api.stripe.com"] : [];
  const https = new URL(app.config.publicUrl).protocol === "https:";
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripeScript],
        frameSrc: ["'self'", ...stripeScript],
        // Toasts and React's style props set inline styles; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'", ...stripeApi],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  headers["permissions-policy"] = permissionsPolicy(options);
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
