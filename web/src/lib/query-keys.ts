/** Query keys that more than one feature touches: a change in one invalidates what the others show. */
export const productsQueryKey = ["products"] as const;
export const ordersQueryKey = ["orders"] as const;
export const reviewsQueryKey = ["reviews"] as const;
