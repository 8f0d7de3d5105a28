import { createFileRoute } from '@tanstack/react-router';
import { PublicCartPage } from '../../features/shopping-carts/public-cart-page';
import { loadMessages } from '../../i18n';

/** The link sent to the customer (no sign-in): the cart read-only and "Finalizar compra". */
export const Route = createFileRoute('/carrinho/$token')({
  // The page's texts are not among the signed-out ones the entry carries.
  beforeLoad: () => loadMessages(),
  component: function PublicCart() {
    return <PublicCartPage token={Route.useParams().token} />;
  },
});
