import type { components } from '../../shared/api/schema';

type Schemas = components['schemas'];

export type Cart = Schemas['ShoppingCart'];
export type CartItem = Schemas['CartItem'];
export type PreviewItem = Schemas['CartPreviewItem'];
export type CartProduct = Schemas['CartProduct'];
export type CartSummary = Schemas['ShoppingCartSummary'];
export type CartPreview = Schemas['ShoppingCartPreview'];
export type PublicCart = Schemas['PublicShoppingCart'];
export type PublicCartItem = Schemas['PublicCartItem'];
export type CartGroups = Cart['groups'];
export type AppliedPromotion = Schemas['CartAppliedPromotion'];
