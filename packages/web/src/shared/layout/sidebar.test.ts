import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../menu/menu-config';
import { bestOf } from './sidebar';

const chats: MenuItem = {
  key: 'chats',
  label: 'chats',
  children: [
    { key: 'chats-list', label: 'chatsList', path: '/chats' },
    { key: 'chats-tags', label: 'chatsTags', path: '/chats/tags' },
    { key: 'chats-dashboard', label: 'chatsDashboard', path: '/chats/dashboard' },
    { key: 'chats-bot-steps', label: 'chatsBotSteps', path: '/chats/dashboard-bot-steps' },
  ],
};
const menu: MenuItem[] = [{ key: 'dashboard', label: 'dashboard', path: '/' }, chats, { key: 'users', label: 'users', path: '/users', match: '/user/' }];

describe('the sidebar’s current entry', () => {
  it('is the entry that claims most of the path, one per level', () => {
    expect(bestOf(chats.children!, '/chats/tags')?.key).toBe('chats-tags');
    expect(bestOf(chats.children!, '/chats/12/chat')?.key).toBe('chats-list');
    expect(bestOf(chats.children!, '/chats/dashboard-bot-steps')?.key).toBe('chats-bot-steps');
    expect(bestOf(menu, '/chats/tags')?.key).toBe('chats');
    expect(bestOf(menu, '/user/7')?.key).toBe('users');
    expect(bestOf(menu, '/')?.key).toBe('dashboard');
    expect(bestOf(menu, '/nowhere')).toBeUndefined();
  });
});
