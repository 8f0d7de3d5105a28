// Issue 20: customers (spec §2 Customers, §3 Customer, §5, §7 Customers, §8).
export const customerRoutes = {} as const;
