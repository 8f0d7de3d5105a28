// Issue 20: cart abandonment metrics (spec §2 /shopping-carts/metrics/cart-abandonment).
export const cartMetricsRoutes = {} as const;
