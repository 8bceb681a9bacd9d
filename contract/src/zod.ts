import { z } from "zod";

// In the browser the CSP forbids eval, and zod's probe for it (made when an object schema is built) is
// reported as a CSP violation. Every schema module imports zod from here, so this runs before any of them.
if ("window" in globalThis) z.config({ jitless: true });

export { z };
