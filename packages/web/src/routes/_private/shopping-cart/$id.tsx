import { createFileRoute } from '@tanstack/react-router';
import { IdParam } from '@backoffice/contracts';
import { CartViewPage } from '../../../features/shopping-carts/cart-view-page';
import { NotFound } from '../../../shared/components/not-found';

/** Spec §2 /shopping-cart/{id}: a cart read-only, with its timeline. */
export const Route = createFileRoute('/_private/shopping-cart/$id')({
  component: function ViewCart() {
    const parsed = IdParam.safeParse({ id: Route.useParams().id });
    return parsed.success ? <CartViewPage cartId={parsed.data.id} /> : <NotFound />;
  },
});
