import { PasswordInput, createTheme } from '@mantine/core';
import { t } from '../../i18n';

// Mantine's five named breakpoints carry the spec's 576/768/960/1200/1600 px (320 and 375 are
// the smallest phones, below xs); mobile layout is decided separately at 1024 px.
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  breakpoints: { xs: '36em', sm: '48em', md: '60em', lg: '75em', xl: '100em' },
  components: {
    PasswordInput: PasswordInput.extend({
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('common.togglePassword') } },
    }),
  },
});
