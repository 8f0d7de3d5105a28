import { ActionIcon, Popover, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { setLayout, useLayout, type LayoutState } from './layout-state';
import { t } from '../../i18n';

const OPTIONS: Array<keyof LayoutState> = ['fullWidth', 'fullScreen', 'hiddenFullMenu', 'sidebarStartsClosed', 'sidebarHidden', 'topbarHidden'];

/** Switches for the page options; they persist under the layout key. */
export function PageOptions() {
  const layout = useLayout();
  return (
    <Popover position="bottom-end" shadow="md" width={260}>
      <Popover.Target>
        <Tooltip label={t('layout.pageOptions')}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('layout.pageOptions')}>
            <IconLayoutDashboard size={20} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('layout.pageOptions')}
          </Text>
          {OPTIONS.map((key) => (
            <Switch key={key} label={t(`layout.options.${key}`)} checked={layout[key]} onChange={(e) => setLayout({ [key]: e.currentTarget.checked })} />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
