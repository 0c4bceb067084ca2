import { useMemo, useState } from 'react';
import { Badge, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { consoleExchangeRatesEndpoint, type ConsoleExchangeRate } from '@portal/contracts/console-exchange-rates';
import { operatorCan } from '@portal/contracts/operator-permissions';
import { ListPageView } from '../../components/list-page/list-page';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { useFormat } from '../../i18n/format';
import { useLocale, useText } from '../../i18n/i18n';
import { useListEndpoint } from '../../lib/use-list-endpoint';
import { CurrencySelect, currencyLabel } from '../components/currency-select';
import { useOperator } from '../session/require-operator';
import { ExchangeRateDialog } from './exchange-rate-dialog';

/**
 * /console/exchange-rates (docs/exchange-rates.md): every pair's rates by day, the latest of each marked, filtered by
 * currency and reference; terms.manage sets a rate for a day or corrects one.
 */
export function ExchangeRatesPage() {
  const t = useText('console-exchange-rates');
  const format = useFormat();
  const locale = useLocale();
  const operator = useOperator();
  const mayManage = operatorCan(operator.role, 'terms.manage');
  const source = useListEndpoint(consoleExchangeRatesEndpoint, {}, { loadFailed: t('loadFailed') });
  const { list } = source;
  const { params } = list;
  const [editing, setEditing] = useState<{ correcting?: ConsoleExchangeRate } | null>(null);

  const headers = useMemo<TableHeader<ConsoleExchangeRate>[]>(
    () => [
      {
        text: t('columns.pair'),
        value: 'currency',
        sort: true,
        render: (row) => (
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {currencyLabel(row.currency, locale)}
            </Text>
            <Text size="xs" c="dimmed">
              {currencyLabel(row.reference, locale)}
            </Text>
          </Stack>
        ),
      },
      {
        text: t('columns.rate'),
        value: 'rate',
        render: (row) => (
          <Text size="sm" fw={600} dir="ltr" style={{ whiteSpace: 'nowrap' }}>
            {t('oneUnit', { currency: row.currency, rate: format.number(row.rate), reference: row.reference })}
          </Text>
        ),
      },
      {
        text: t('columns.asOf'),
        value: 'as_of',
        sort: true,
        render: (row) => (
          <Stack gap={2} align="flex-start">
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {format.date(row.as_of)}
            </Text>
            {row.latest ? (
              <Badge variant="light" color="teal" size="sm">
                {t('latest')}
              </Badge>
            ) : null}
          </Stack>
        ),
      },
      { text: t('columns.set'), value: 'updated_at', render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{format.date(row.updated_at)}</span> },
      ...(mayManage
        ? [
            {
              text: t('columns.actions'),
              value: 'actions',
              render: (row: ConsoleExchangeRate) => (
                <Button size="xs" variant="light" onClick={() => setEditing({ correcting: row })} aria-label={t('correctNamed', { currency: row.currency, reference: row.reference, date: format.date(row.as_of) })}>
                  {t('correct')}
                </Button>
              ),
            },
          ]
        : []),
    ],
    [t, format, locale, mayManage],
  );

  return (
    <ListPageView
      source={source}
      title={t('title')}
      description={t('description')}
      maw={760}
      action={
        mayManage ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({})}>
            {t('setRate')}
          </Button>
        ) : undefined
      }
      texts={{ empty: t('empty'), filteredEmpty: t('filteredEmpty') }}
      headers={headers}
      toolbar={
        <Group gap="xs" wrap="wrap">
          <NativeSelect
            aria-label={t('days')}
            value={params.latest === 'true' ? 'true' : ''}
            onChange={(event) => list.set({ latest: event.currentTarget.value === 'true' ? 'true' : undefined })}
            w={{ base: '100%', xs: 220 }}
            data={[
              { value: '', label: t('everyDay') },
              { value: 'true', label: t('latestOnly') },
            ]}
          />
          <CurrencySelect
            aria-label={t('currency')}
            value={params.currency ?? ''}
            onChange={(code) => list.set({ currency: code || undefined })}
            clearable
            placeholder={t('anyCurrency')}
            nothingFoundMessage={t('noCurrencyFound')}
            w={{ base: '100%', xs: 260 }}
          />
          <CurrencySelect
            aria-label={t('reference')}
            value={params.reference ?? ''}
            onChange={(code) => list.set({ reference: code || undefined })}
            clearable
            placeholder={t('anyReference')}
            nothingFoundMessage={t('noCurrencyFound')}
            w={{ base: '100%', xs: 260 }}
          />
        </Group>
      }
      getRowLabel={(row) => `${row.currency} ${row.reference} ${row.as_of}`}
      minWidth={820}
    >
      {editing ? <ExchangeRateDialog correcting={editing.correcting} onClose={() => setEditing(null)} /> : null}
    </ListPageView>
  );
}
