import { Stack } from '@mantine/core';
import { IconWalletOff } from '@tabler/icons-react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { BackLink } from '../../../shared/components/back-link';
import { LoadError } from '../../../shared/components/load-error';
import { RecordNotFound } from '../../../shared/components/not-found';
import { PageLoader } from '../../../shared/components/page-loader';
import { t } from '../../../i18n';

interface Failure {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  m?: string;
  title?: string;
}

/** A wallet list or page that failed to load: "Erro: {message}" with a retry. */
export const WalletErrorBanner = (props: Failure) => <LoadError {...props} inline testId="wallet-error-banner" format={(message) => t('rmWallets.loadError', { message })} />;

export const BackToWallets = () => <BackLink to="/retail-media/wallets" label={t('rmWallets.back')} />;

/** A wallet route's errorComponent: retrying reruns the loader. */
export function WalletRouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Stack gap="lg">
      <BackToWallets />
      <WalletErrorBanner title={t('rmWallets.walletLoadFailed')} error={error} onRetry={() => void router.invalidate()} />
    </Stack>
  );
}

export const WalletLoading = () => <PageLoader label={t('rmWallets.loading')} />;

/** The wallet is not visible to this account (404) or the id is not one. */
export const WalletNotFound = () => (
  <RecordNotFound icon={<IconWalletOff size={30} />} title={t('rmWallets.notFound.title')} text={t('rmWallets.notFound.text')} backTo="/retail-media/wallets" backLabel={t('rmWallets.back')} />
);
