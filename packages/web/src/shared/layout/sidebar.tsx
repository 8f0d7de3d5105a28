import { NavLink, ScrollArea } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import type { MenuItem } from '../menu/menu-config';
import { t } from '../../i18n';

const isActive = (item: MenuItem, path: string): boolean =>
  (item.path !== undefined && (item.path === '/' ? path === '/' : path.startsWith(item.path.replace(/\/$/, '')))) ||
  [item.match ?? []].flat().some((prefix) => path.startsWith(prefix)) ||
  (item.children ?? []).some((c) => isActive(c, path));

function Entry({ item, path, onNavigate }: { item: MenuItem; path: string; onNavigate?: () => void }) {
  const Icon = item.icon;
  const active = isActive(item, path);
  if (item.children) {
    return (
      <NavLink label={t(`menu.${item.label}`)} leftSection={Icon && <Icon size={18} stroke={1.6} />} defaultOpened={active} active={active} variant="subtle" data-menu-key={item.key}>
        {item.children.map((child) => (
          <Entry key={child.key} item={child} path={path} onNavigate={onNavigate} />
        ))}
      </NavLink>
    );
  }
  return (
    <NavLink
      component={Link}
      to={item.path ?? '/'}
      label={t(`menu.${item.label}`)}
      leftSection={Icon && <Icon size={18} stroke={1.6} />}
      active={active}
      onClick={onNavigate}
      data-menu-key={item.key}
    />
  );
}

export function Sidebar({ menu, onNavigate }: { menu: MenuItem[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <ScrollArea type="scroll" h="100%" aria-label={t('layout.menu')}>
      <nav data-testid="sidebar-menu">
        {menu.map((item) => (
          <Entry key={item.key} item={item} path={pathname} onNavigate={onNavigate} />
        ))}
      </nav>
    </ScrollArea>
  );
}
