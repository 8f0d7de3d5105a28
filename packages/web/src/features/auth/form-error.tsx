import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A form's answer from the server, shown above its submit button. */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
      {children}
    </Alert>
  );
}
