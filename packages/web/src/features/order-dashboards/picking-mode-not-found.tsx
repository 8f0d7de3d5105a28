import { IconBasketQuestion } from '@tabler/icons-react';
import { RecordNotFound } from '../../shared/components/not-found';
import { t } from '../../i18n';

/** /orders/picking-dashboard/{mode} with a mode other than delivery or pickup. */
export const PickingModeNotFound = () => (
  <RecordNotFound
    icon={<IconBasketQuestion size={30} />}
    title={t('orderDashboards.picking.notFound.title')}
    text={t('orderDashboards.picking.notFound.text')}
    backTo="/orders/picking-dashboard/"
    backLabel={t('orderDashboards.picking.notFound.back')}
  />
);
