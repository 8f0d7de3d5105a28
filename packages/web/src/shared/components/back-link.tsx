import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, type LinkProps } from '@tanstack/react-router';

/** The small "← Voltar" link above a page's title, back to its list. */
export function BackLink({ to, label }: { to: LinkProps['to']; label: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" w="fit-content">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {label}
      </Group>
    </Anchor>
  );
}
