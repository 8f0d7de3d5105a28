import { MantineProvider } from '@mantine/core';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { theme } from '../shared/ui/theme';

/** Renders inside Mantine in test mode (no transitions, no portals). */
export function renderWithMantine(ui: ReactElement, options?: RenderOptions) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme} env="test">
      {children}
    </MantineProvider>
  );
  return render(ui, { wrapper, ...options });
}
