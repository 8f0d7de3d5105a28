import { Stack } from '@mantine/core';
import { IconMessageQuestion } from '@tabler/icons-react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { BackLink } from '../../shared/components/back-link';
import { LoadError } from '../../shared/components/load-error';
import { RecordNotFound } from '../../shared/components/not-found';
import { PageLoader } from '../../shared/components/page-loader';
import { t } from '../../i18n';

interface Failure {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  m?: string;
}

/** A load error: "Erro: {message}" (the server's message, or the fixed one) with a retry. */
export const MessagingErrorBanner = (props: Failure) => <LoadError {...props} inline testId="messaging-error-banner" format={(message) => t('messagingCampaigns.loadError', { message })} />;

export const MessagingLoading = () => <PageLoader label={t('messagingCampaigns.loading')} />;

export const BackToCampaigns = () => <BackLink to="/messaging-campaigns/list" label={t('messagingCampaigns.campaigns.back')} />;
export const BackToTemplates = () => <BackLink to="/messaging-campaigns/templates/list" label={t('messagingCampaigns.templates.back')} />;

export function CampaignLoadFailed(props: Failure) {
  return (
    <Stack gap="lg">
      <BackToCampaigns />
      <MessagingErrorBanner {...props} />
    </Stack>
  );
}

export function TemplateLoadFailed(props: Failure) {
  return (
    <Stack gap="lg">
      <BackToTemplates />
      <MessagingErrorBanner {...props} />
    </Stack>
  );
}

/** A route's errorComponent: retrying reruns the loader. */
export function CampaignRouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return <CampaignLoadFailed error={error} onRetry={() => void router.invalidate()} />;
}

export function TemplateRouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return <TemplateLoadFailed error={error} onRetry={() => void router.invalidate()} />;
}

/** The API says the campaign is not in this account (404), or the id is not one. */
export const CampaignNotFound = () => (
  <RecordNotFound
    icon={<IconMessageQuestion size={30} />}
    title={t('messagingCampaigns.campaigns.notFound.title')}
    text={t('messagingCampaigns.campaigns.notFound.text')}
    backTo="/messaging-campaigns/list"
    backLabel={t('messagingCampaigns.campaigns.notFound.back')}
  />
);

export const TemplateNotFound = () => (
  <RecordNotFound
    icon={<IconMessageQuestion size={30} />}
    title={t('messagingCampaigns.templates.notFound.title')}
    text={t('messagingCampaigns.templates.notFound.text')}
    backTo="/messaging-campaigns/templates/list"
    backLabel={t('messagingCampaigns.templates.notFound.back')}
  />
);
