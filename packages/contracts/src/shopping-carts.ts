// Issue 20: shopping carts built from a shopping list (spec §2, §3 Shopping cart, §4, §7, §8).
export const shoppingCartRoutes = {} as const;
