import { NavLink, ScrollArea } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import type { MenuItem } from '../menu/menu-config';
import { t } from '../../i18n';

/** How much of the path the entry claims: the longest of its path, its `match` prefixes and its children's; -1 when none. */
function matchLength(item: MenuItem, path: string): number {
  const own = item.path === undefined ? [] : item.path === '/' ? (path === '/' ? ['/'] : []) : [item.path.replace(/\/$/, '')];
  const lengths = [...own, ...[item.match ?? []].flat()].filter((prefix) => path.startsWith(prefix)).map((prefix) => prefix.length);
  return Math.max(-1, ...lengths, ...(item.children ?? []).map((c) => matchLength(c, path)));
}

/** Of sibling entries, the one that claims most of the path (e.g. /chats/tags: Etiquetas, not Conversas at /chats). */
export const bestOf = (items: MenuItem[], path: string): MenuItem | undefined =>
  items.reduce<{ item?: MenuItem; length: number }>((best, item) => {
    const length = matchLength(item, path);
    return length > best.length ? { item, length } : best;
  }, { length: -1 }).item;

function Entry({ item, path, active, onNavigate }: { item: MenuItem; path: string; active: boolean; onNavigate?: () => void }) {
  const Icon = item.icon;
  if (item.children) {
    const current = active ? bestOf(item.children, path) : undefined;
    return (
      <NavLink label={t(`menu.${item.label}`)} leftSection={Icon && <Icon size={18} stroke={1.6} />} defaultOpened={active} active={active} variant="subtle" data-menu-key={item.key}>
        {item.children.map((child) => (
          <Entry key={child.key} item={child} path={path} active={child === current} onNavigate={onNavigate} />
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
  const current = bestOf(menu, pathname);
  return (
    <ScrollArea type="scroll" h="100%" aria-label={t('layout.menu')}>
      <nav data-testid="sidebar-menu">
        {menu.map((item) => (
          <Entry key={item.key} item={item} path={pathname} active={item === current} onNavigate={onNavigate} />
        ))}
      </nav>
    </ScrollArea>
  );
}
