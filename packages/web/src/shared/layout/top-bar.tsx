import { ActionIcon, Avatar, Burger, Group, Loader, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { AccountInfo } from '../account/queries';
import { useChangeAccount } from '../account/use-change-account';
import type { Session } from '../session/session';
import { AccountLogo } from './account-logo';
import { PageOptions } from './page-options';
import { t } from '../../i18n';

interface Props {
  session: Session;
  accounts: AccountInfo[];
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  showBurger: boolean;
  mobile: boolean;
}

export function TopBar({ session, accounts, sidebarOpen, onToggleSidebar, showBurger, mobile }: Props) {
  const current = accounts[0];
  const change = useChangeAccount();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" miw={0}>
        {showBurger && mobile && <Burger opened={sidebarOpen} onClick={onToggleSidebar} size="sm" aria-label={t('layout.toggleMenu')} />}
        {showBurger && !mobile && (
          <Tooltip label={t('layout.toggleMenu')}>
            <ActionIcon variant="subtle" color="gray" size="lg" onClick={onToggleSidebar} aria-label={t('layout.toggleMenu')}>
              {sidebarOpen ? <IconLayoutSidebarLeftCollapse size={20} /> : <IconLayoutSidebarLeftExpand size={20} />}
            </ActionIcon>
          </Tooltip>
        )}
        <Menu position="bottom-start" shadow="md" width={300} disabled={accounts.length < 2}>
          <Menu.Target>
            <UnstyledButton aria-label={t('layout.switchAccount')} data-testid="account-switcher">
              <Group gap="sm" wrap="nowrap" miw={0}>
                {current && <AccountLogo name={current.name} logo={current.logo} color={current.header_color} />}
                <Text fw={600} truncate maw={{ base: 160, sm: 280 }}>
                  {current?.name ?? session.account.name}
                </Text>
                {change.isPending ? <Loader size="xs" /> : accounts.length > 1 && <IconChevronDown size={16} />}
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{t('layout.yourAccounts')}</Menu.Label>
            {accounts.map((account) => (
              <Menu.Item
                key={account.id}
                leftSection={<AccountLogo name={account.name} logo={account.logo} color={account.header_color} size={24} />}
                rightSection={account.current ? <IconCheck size={16} /> : null}
                disabled={account.current || change.isPending}
                onClick={() => change.mutate(account)}
              >
                {account.name}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <PageOptions />
        <Menu position="bottom-end" shadow="md" width={220}>
          <Menu.Target>
            <UnstyledButton aria-label={t('layout.userMenu')} data-testid="user-menu">
              <Group gap="xs" wrap="nowrap">
                <Avatar radius="xl" size={32} color="blue">
                  {session.user.name.slice(0, 1)}
                </Avatar>
                <Text size="sm" visibleFrom="sm" truncate maw={160}>
                  {session.user.name}
                </Text>
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{session.user.email}</Menu.Label>
            <Menu.Item component={Link} to="/config/profile" leftSection={<IconUser size={16} />}>
              {t('layout.profile')}
            </Menu.Item>
            <Menu.Item component={Link} to="/logout" color="red" leftSection={<IconLogout size={16} />}>
              {t('layout.logout')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
