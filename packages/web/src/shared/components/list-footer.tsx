import { Group, Loader, Pagination, Text } from '@mantine/core';
import { useEffect } from 'react';
import type { components } from '../api/schema';

type PageMeta = components['schemas']['PageMeta'];
import { t } from '../../i18n';

export interface ListFooterProps {
  meta: PageMeta | undefined;
  /** The count line, e.g. "12 promoções". */
  totalLabel: (total: number) => string;
  page: number;
  fetching: boolean;
  onPage: (page: number) => void;
}

/** The bottom of a paged list card: how many rows in all, a refresh spinner, and the pages. Nothing when empty. */
export function ListFooter({ meta, totalLabel, page, fetching, onPage }: ListFooterProps) {
  if (!meta || meta.total === 0) return null;
  const lastPage = Math.max(meta.total_pages, 1);
  return (
    <Group justify="space-between" px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {totalLabel(meta.total)}
        </Text>
        {fetching && <Loader size="xs" aria-label={t('common.loading')} />}
      </Group>
      {lastPage > 1 && <Pagination total={lastPage} value={Math.min(page, lastPage)} onChange={onPage} size="sm" />}
    </Group>
  );
}

/**
 * A page past the end (its last row was deleted on another tab, an old link) moves to the last page,
 * once the list's real answer (not the previous page kept on screen) says how many there are.
 */
export function useClampPage(meta: PageMeta | undefined, placeholder: boolean, page: number, onPage: (page: number) => void) {
  const lastPage = meta ? Math.max(meta.total_pages, 1) : 1;
  useEffect(() => {
    if (meta && !placeholder && page > lastPage) onPage(lastPage);
  }, [meta, placeholder, page, lastPage, onPage]);
}
