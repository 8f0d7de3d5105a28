import { Button, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { RmReportKind } from '@backoffice/contracts';
import { PeriodPicker } from '../../../../shared/components/period-picker';
import type { Period } from '../../../../shared/ui/period';
import type { Option } from '../api';
import { PERIOD_PRESETS, activePreset, presetPeriod, type ReportFilters, type ReportSearch } from '../search';
import { t } from '../../../../i18n';

interface Props {
  report: RmReportKind;
  search: ReportSearch;
  publishers: Option[];
  advertisers: Option[];
  showAdvertiser: boolean;
  onPeriod: (period: Period) => void;
  onFilter: (patch: Partial<ReportFilters>) => void;
}

/** One id filter: the choices by name, searchable, cleared back to "all". */
function IdSelect({ label, placeholder, options, value, onChange, testId, disabledReason }: { label: string; placeholder: string; options: Option[]; value: number | undefined; onChange: (id: number | undefined) => void; testId: string; disabledReason?: string }) {
  const select = (
    <Select
      label={label}
      placeholder={placeholder}
      data={options}
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : undefined)}
      searchable
      clearable
      nothingFoundMessage={t('rmReports.filters.noOptions')}
      w={{ base: '100%', xs: 230 }}
      disabled={Boolean(disabledReason)}
      data-testid={testId}
    />
  );
  return disabledReason ? (
    <Tooltip label={disabledReason}>
      <div>{select}</div>
    </Tooltip>
  ) : (
    select
  );
}

/** The period (a range and quick presets) and, when the account has a choice, the publisher and advertiser. */
export function ReportFiltersBar({ report, search, publishers, advertisers, showAdvertiser, onPeriod, onFilter }: Props) {
  const preset = activePreset(search);
  // A single publisher (the account itself) is no choice: the filter shows only with two or more.
  const showPublisher = publishers.length > 1 || Boolean(search.publisher_id);
  const needsAdvertiser = report === 'advertisers_state';
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" data-testid="report-filters">
      <PeriodPicker value={search} onChange={onPeriod} testId="report-period" w={250} />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="report-presets-label">
          {t('rmReports.filters.presets')}
        </Text>
        <Button.Group aria-labelledby="report-presets-label">
          {PERIOD_PRESETS.map((days) => (
            <Button
              key={days}
              variant={preset === days ? 'filled' : 'default'}
              aria-pressed={preset === days}
              onClick={() => onPeriod(presetPeriod(days))}
              px="sm"
            >
              {t('rmReports.filters.preset', { days })}
            </Button>
          ))}
        </Button.Group>
      </Stack>
      {showPublisher && (
        <IdSelect
          label={t('rmReports.filters.publisher')}
          placeholder={t('rmReports.filters.publisherAll')}
          options={publishers}
          value={search.publisher_id}
          onChange={(publisher_id) => onFilter({ publisher_id })}
          testId="report-publisher"
        />
      )}
      {showAdvertiser && (
        <IdSelect
          label={t('rmReports.filters.advertiser')}
          placeholder={needsAdvertiser ? t('rmReports.filters.advertiserChoose') : t('rmReports.filters.advertiserAll')}
          options={advertisers}
          value={search.advertiser_id}
          onChange={(advertiser_id) => onFilter({ advertiser_id })}
          testId="report-advertiser"
          disabledReason={report === 'opportunity_cost' ? t('rmReports.filters.advertiserNotApplicable') : undefined}
        />
      )}
      {(search.publisher_id || search.advertiser_id) && (
        <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} />} onClick={() => onFilter({ publisher_id: undefined, advertiser_id: undefined })}>
          {t('rmReports.filters.clear')}
        </Button>
      )}
    </Group>
  );
}
