import { Alert, Text, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { K_ANONYMITY } from '@backoffice/contracts';
import { formatInt } from '../../shared/ui/format';
import { t } from '../../i18n';

/** A hidden customer count as shown: "< 5". */
export const hiddenText = () => `< ${K_ANONYMITY}`;

/** A customer count in a table or a chart's legend: "< 5" with why it is hidden, or the number. */
export function HiddenCount({ value, format = formatInt }: { value: number | null; format?: (v: number) => string }) {
  if (value !== null) return <>{format(value)}</>;
  return (
    <Tooltip label={t('industryAnalytics.privacy.tooltip', { k: K_ANONYMITY })} withArrow multiline maw={260}>
      <Text span inherit c="dimmed" style={{ cursor: 'help', whiteSpace: 'nowrap', textDecoration: 'underline dotted' }} data-testid="hidden-count" tabIndex={0}>
        {hiddenText()}
      </Text>
    </Tooltip>
  );
}

/** The consumers' page note: why some counts read "< 5". */
export function PrivacyNote() {
  return (
    <Alert variant="light" color="blue" icon={<IconLock size={18} />} data-testid="privacy-note" py="xs">
      <Text size="sm">{t('industryAnalytics.privacy.note', { k: K_ANONYMITY })}</Text>
    </Alert>
  );
}
