import { createFileRoute } from '@tanstack/react-router';
import { IdParam } from '@backoffice/contracts';
import { ReviewPage } from '../../../../features/shopping-carts/review-page';
import { NotFound } from '../../../../shared/components/not-found';

/** Spec §2 /shopping-carts/review-bar/{cart_id}: the attendant's review of a cart. */
export const Route = createFileRoute('/_private/shopping-carts/review-bar/$cart_id')({
  component: function ReviewCart() {
    const parsed = IdParam.safeParse({ id: Route.useParams().cart_id });
    return parsed.success ? <ReviewPage cartId={parsed.data.id} /> : <NotFound />;
  },
});
