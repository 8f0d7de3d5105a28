import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconTicket, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from '../../i18n';

interface Props {
  code: string | null;
  /** Why the engine did not apply the coupon, when it did not. */
  rejection: string | null;
  editable: boolean;
  busy: boolean;
  onApply: (code: string | null) => void;
}

/** The cart's coupon: typed and applied (the cart comes back re-priced), or removed. */
export function CouponField({ code, rejection, editable, busy, onApply }: Props) {
  const [text, setText] = useState('');
  if (code)
    return (
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Group gap={6}>
            <IconTicket size={16} />
            <Badge variant="light" color={rejection ? 'red' : 'grape'} tt="none" data-testid="coupon-code">
              {code}
            </Badge>
          </Group>
          {editable && (
            <Button size="compact-xs" variant="subtle" color="gray" leftSection={<IconX size={12} />} onClick={() => onApply(null)} disabled={busy}>
              {t('shoppingCarts.coupon.remove')}
            </Button>
          )}
        </Group>
        {rejection && (
          <Text size="xs" c="red">
            {rejection}
          </Text>
        )}
      </Stack>
    );
  if (!editable) return null;
  const apply = () => {
    const value = text.trim().toUpperCase();
    if (value) onApply(value);
  };
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        label={t('shoppingCarts.coupon.label')}
        placeholder={t('shoppingCarts.coupon.placeholder')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value.toUpperCase())}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply();
        }}
        style={{ flex: 1 }}
      />
      <Button variant="light" onClick={apply} disabled={busy || !text.trim()}>
        {t('shoppingCarts.coupon.apply')}
      </Button>
    </Group>
  );
}
