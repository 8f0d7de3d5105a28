import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { formatCpf, formatPhone } from '@backoffice/contracts';
import type { CustomerListItem } from './api';
import { formatDate } from './customer-format';
import { t } from '../../i18n';

/** A row's tags: the first three, then "+N". */
function Tags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return <Text size="sm" c="dimmed">{t('customers.none')}</Text>;
  return (
    <Group gap={4} wrap="wrap" maw={220}>
      {tags.slice(0, 3).map((tag) => (
        <Badge key={tag} variant="light" color="grape" radius="sm" size="sm" tt="none">
          {tag}
        </Badge>
      ))}
      {tags.length > 3 && (
        <Badge variant="outline" color="gray" radius="sm" size="sm" title={tags.slice(3).join(', ')}>
          +{tags.length - 3}
        </Badge>
      )}
    </Group>
  );
}

const dash = (value: string | null | undefined) => value || t('customers.none');

/** Name, CPF, phone, e-mail, serving store, tags and since when; a row opens the customer. */
export function CustomersTable({ customers }: { customers: CustomerListItem[] }) {
  const navigate = useNavigate();
  const open = (id: number) => void navigate({ to: '/customers/edit/$id', params: { id: String(id) } });
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing="sm" highlightOnHover miw={{ sm: 980 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('customers.columns.name')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('customers.columns.cpf')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('customers.columns.phone')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('customers.columns.email')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('customers.columns.store')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('customers.columns.tags')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('customers.columns.createdAt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {customers.map((c) => {
            const phone = c.phone ? formatPhone(c.phone) : null;
            const cpf = c.cpf ? formatCpf(c.cpf) : null;
            return (
              <Table.Tr key={c.id} data-testid="customer-row" style={{ cursor: 'pointer' }} onClick={() => open(c.id)}>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    <Anchor size="sm" fw={600} onClick={(e) => e.stopPropagation()} renderRoot={(props) => <Link {...props} to="/customers/edit/$id" params={{ id: String(c.id) }} />}>
                      {c.name}
                    </Anchor>
                    {(c.anonymized_at || c.opt_in) && (
                      <Group gap={4}>
                        {c.anonymized_at && (
                          <Badge size="xs" variant="light" color="gray">
                            {t('customers.anonymizedBadge')}
                          </Badge>
                        )}
                        {c.opt_in && (
                          <Badge size="xs" variant="light" color="teal" title={t('customers.optInHint')}>
                            {t('customers.optInBadge')}
                          </Badge>
                        )}
                      </Group>
                    )}
                    <Text hiddenFrom="sm" size="xs" c="dimmed">
                      {[cpf, phone, c.email, c.store?.name].filter(Boolean).join(' · ')}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }} c={cpf ? undefined : 'dimmed'}>
                    {dash(cpf)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }} c={phone ? undefined : 'dimmed'}>
                    {dash(phone)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" truncate="end" maw={220} title={c.email ?? undefined} c={c.email ? undefined : 'dimmed'}>
                    {dash(c.email)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" c={c.store ? undefined : 'dimmed'} lineClamp={2} maw={180}>
                    {c.store?.name ?? t('customers.noStore')}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Tags tags={c.tags} />
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(c.created_at)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
