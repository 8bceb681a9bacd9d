/** Query keys that more than one feature touches: a change in one invalidates what the others show. */
export const productsQueryKey = ["products"] as const;
export const ordersQueryKey = ["orders"] as const;
export const reviewsQueryKey = ["reviews"] as const;
/** The signed-in buyer's cart (GET /api/cart): "Add to order" changes it, the navbar counts its lines. */
export const cartQueryKey = ["cart"] as const;
/**
 * The buyer's company's contract prices, dollars a piece by SKU (GET /api/companies/mine/prices): fetched by the
 * navbar's signed-in part, read beside each tool's price on the catalogue and the tool's page, which fetch nothing.
 */
export const contractPricesQueryKey = ["company", "contract-prices"] as const;
/** The promotions running now (GET /api/promotions): the banner; an admin's change refreshes it. */
export const promotionsQueryKey = ["promotions"] as const;
export const warehousesQueryKey = ["warehouses"] as const;
export const backordersQueryKey = ["backorders"] as const;
