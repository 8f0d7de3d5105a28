import { Button, Group, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from '../../i18n';

/** Adds a line written as in the list ("2 pacotes de café"): the API searches it as the generation does. */
export function AddItemForm({ busy, onAdd }: { busy: boolean; onAdd: (text: string) => void }) {
  const [text, setText] = useState('');
  const add = () => {
    const line = text.trim();
    if (!line) return;
    onAdd(line);
    setText('');
  };
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap" data-testid="add-item">
      <TextInput
        label={t('shoppingCarts.review.addItem')}
        placeholder={t('shoppingCarts.review.addItemPlaceholder')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') add();
        }}
        maxLength={200}
        style={{ flex: 1 }}
      />
      <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add} disabled={busy || !text.trim()}>
        {t('shoppingCarts.review.add')}
      </Button>
    </Group>
  );
}
