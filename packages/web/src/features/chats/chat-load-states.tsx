import { Stack } from '@mantine/core';
import { IconMessageQuestion } from '@tabler/icons-react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { BackLink } from '../../shared/components/back-link';
import { LoadError } from '../../shared/components/load-error';
import { RecordNotFound } from '../../shared/components/not-found';
import { t } from '../../i18n';

/** A chat route's errorComponent: the way back and the server's message; retrying reruns the loader. */
export function ChatRouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Stack gap="lg">
      <BackLink to="/chats" label={t('chats.chat.back')} />
      <LoadError inline testId="chat-error-banner" title={t('chats.chat.loadError')} error={error} onRetry={() => void router.invalidate()} />
    </Stack>
  );
}

/** The chat is not in this account (404, another account's id too), or the id is not one. */
export const ChatNotFound = () => (
  <RecordNotFound icon={<IconMessageQuestion size={30} />} title={t('chats.notFound.title')} text={t('chats.notFound.text')} backTo="/chats" backLabel={t('chats.chat.back')} />
);
