import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/** Security headers for every answer: a strict CSP (no inline scripts), no framing, no sniffing. */
export async function registerSecurityHeaders(app: FastifyInstance, options: { stripe: boolean }): Promise<void> {
  // Stripe Elements loads its script and card iframe from Stripe and talks to its API.
  const stripeScript = options.stripe ? ["https://js.stripe.com"] : [];
  const stripeApi = options.stripe ? ["https://api.stripe.com"] : [];
  await app.register(helmet, {
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
      },
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}
