import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { t } from '../../i18n';

export function BackToLogin() {
  return (
    <Text ta="center" size="sm">
      <Anchor component={Link} to="/login">
        {t('auth.backToLogin')}
      </Anchor>
    </Text>
  );
}
