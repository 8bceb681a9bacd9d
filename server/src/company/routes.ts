import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { companyAddressRoutes } from "./address-routes.js";
import { companyInvitationRoutes } from "./invitation-routes.js";
import { companyMemberRoutes } from "./member-routes.js";
import { companyPriceRoutes } from "./price-routes.js";
import { companySettingsRoutes } from "./settings-routes.js";

/**
 * Companies (docs/SELLING-TO-BUSINESSES.md, 'Companies'): customers make one and invite colleagues, who share its
 * orders, delivery addresses and contract prices. A route file per concern; who may do what is the contract's
 * permissions.ts, asked through the one guard (route-access.ts); admins keep tax exemption and price lists through
 * /admin/companies.
 */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(companySettingsRoutes);
  await app.register(companyMemberRoutes);
  await app.register(companyInvitationRoutes);
  await app.register(companyAddressRoutes);
  await app.register(companyPriceRoutes);
};
