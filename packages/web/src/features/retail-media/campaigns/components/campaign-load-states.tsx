import { IconSpeakerphone } from '@tabler/icons-react';
import { LoadError, routeLoadError } from '../../../../shared/components/load-error';
import { RecordNotFound } from '../../../../shared/components/not-found';
import { t } from '../../../../i18n';

const format = (message: string) => t('rmCampaigns.loadError', { message });

/** Spec §8: a load error reads "Erro: {message}", with a retry. */
export const CampaignLoadError = (props: { error: unknown; onRetry: () => void; retrying?: boolean; m?: string }) => <LoadError {...props} format={format} />;

/** The view route's errorComponent: retrying reruns the loader. */
export const CampaignRouteError = routeLoadError({ format });

/** A campaign that does not exist or that this account does not see. */
export const CampaignNotFound = () => (
  <RecordNotFound
    icon={<IconSpeakerphone size={30} />}
    title={t('rmCampaigns.notFound.title')}
    text={t('rmCampaigns.notFound.text')}
    backTo="/retail-media/campaigns"
    backLabel={t('rmCampaigns.backToList')}
  />
);
