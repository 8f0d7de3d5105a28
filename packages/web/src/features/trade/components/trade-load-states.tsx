import { IconFileOff } from '@tabler/icons-react';
import { LoadError, routeLoadError } from '../../../shared/components/load-error';
import { RecordNotFound } from '../../../shared/components/not-found';
import { BackLink } from '../../../shared/components/back-link';
import { t } from '../../../i18n';

const format = (message: string) => t('trade.loadError', { message });

/** A load error reads "Erro: {message}", with a retry. */
export const TradeLoadError = (props: { error: unknown; onRetry: () => void; retrying?: boolean; m?: string; inline?: boolean; testId?: string }) => (
  <LoadError {...props} format={format} />
);

/** A route's errorComponent: retrying reruns the loader. */
export const TradeRouteError = routeLoadError({ format });

/** View/edit of an agreement this account is not a party to (or that does not exist). */
export const TradeNotFound = () => (
  <RecordNotFound icon={<IconFileOff size={30} />} title={t('trade.notFound.title')} text={t('trade.notFound.text')} backTo="/trade/list/" backLabel={t('trade.backToList')} />
);

export const BackToTrade = () => <BackLink to="/trade/list/" label={t('trade.backToList')} />;
