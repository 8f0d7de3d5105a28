import { IconTagOff } from '@tabler/icons-react';
import { LoadError, routeLoadError } from '../../../shared/components/load-error';
import { RecordNotFound } from '../../../shared/components/not-found';
import { t } from '../../../i18n';

const format = (message: string) => t('promotions.loadError', { message });

/** Spec §8: a promotion load error reads "Erro: {message}", with a retry. */
export const PromotionLoadError = (props: { error: unknown; onRetry: () => void; retrying?: boolean; m?: string }) => <LoadError {...props} format={format} />;

/** A route's errorComponent: retrying reruns the loader. */
export const PromotionRouteError = routeLoadError({ format });

/** View/edit of an id that is not in this account (or does not exist). */
export const PromotionNotFound = () => (
  <RecordNotFound
    icon={<IconTagOff size={30} />}
    title={t('promotions.notFound.title')}
    text={t('promotions.notFound.text')}
    backTo="/promotional/list/"
    backLabel={t('promotions.backToList')}
  />
);
