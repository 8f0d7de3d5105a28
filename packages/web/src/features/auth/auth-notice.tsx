import { Alert, Button, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { AuthCard } from './auth-card';

interface Props {
  title: string;
  message: string;
  hint?: string;
  /** Where the visitor can go from here. */
  link: { to: '/login' | '/forgot-password'; label: string };
}

/** A public page that cannot go on (broken link, expired code, rejected token): why, and the way out. */
export function AuthNotice({ title, message, hint, link }: Props) {
  return (
    <AuthCard title={title}>
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
        {message}
      </Alert>
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
      <Button component={Link} to={link.to} variant="light" fullWidth>
        {link.label}
      </Button>
    </AuthCard>
  );
}
