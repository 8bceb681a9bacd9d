// A local OpenID Connect provider standing in for Google in the browser tests (no network needed).
// Its development login form accepts any login; the login becomes the account's email.
import Provider from "oidc-provider";

const port = Number(process.env.OIDC_PORT ?? 5056);
const storefront = process.env.STOREFRONT_URL ?? "http://localhost:5055";

const OIDC_CLIENT = {
  id: process.env.OIDC_CLIENT_ID ?? "forgeline-e2e",
  secret: process.env.OIDC_CLIENT_SECRET ?? "forgeline-e2e-secret",
};

const provider = new Provider(`http://localhost:${port}`, {
  clients: [
    {
      client_id: OIDC_CLIENT.id,
      client_secret: OIDC_CLIENT.secret,
      redirect_uris: [`${storefront}/api/auth/callback/google`],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_post",
    },
  ],
  claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
  findAccount: async (_ctx, id) => ({
    accountId: id,
    claims: async () => ({ sub: id, email: id, email_verified: true, name: "Grace Google" }),
  }),
  cookies: { keys: ["forgeline-e2e-oidc-cookie-key"] },
  features: { devInteractions: { enabled: true } },
});
provider.proxy = false;
provider.listen(port, () => console.log(`OIDC stand-in for Google at http://localhost:${port}`));
