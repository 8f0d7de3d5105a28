import { Group, Loader, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ApiError } from '../../shared/api/client';
import { AuthCard } from './auth-card';
import { AuthNotice } from './auth-notice';
import { handoverQuery, startHandedOverSession } from './api';
import { errorMessage } from './error-message';
import { safeCallback } from './safe-callback';
import { t } from '../../i18n';

const toLogin = { to: '/login', label: t('auth.integration.goToLogin') } as const;

/** Sign-in handed over by an integrated system (ERP): its token becomes this browser's session. */
export function IntegrationPage({ token, callbackUrl }: { token?: string; callbackUrl?: string }) {
  if (!token) return <AuthNotice title={t('auth.integration.errorTitle')} message={t('auth.integration.missingToken')} link={toLogin} />;
  return <Handover token={token} callbackUrl={callbackUrl} />;
}

function Handover({ token, callbackUrl }: { token: string; callbackUrl?: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data, error } = useQuery(handoverQuery(token));

  useEffect(() => {
    if (!data) return;
    startHandedOverSession(data, queryClient);
    void navigate({ href: safeCallback(callbackUrl), replace: true });
  }, [data, queryClient, navigate, callbackUrl]);

  if (error) {
    const rejected = error instanceof ApiError && error.status === 401;
    return (
      <AuthNotice
        title={t('auth.integration.errorTitle')}
        message={rejected ? t('auth.integration.invalidToken') : errorMessage(error)}
        link={toLogin}
      />
    );
  }
  return (
    <AuthCard title={t('auth.integration.title')}>
      <Group gap="sm" wrap="nowrap" role="status">
        <Loader size="sm" />
        <Text c="dimmed">{t('auth.integration.loading')}</Text>
      </Group>
    </AuthCard>
  );
}
