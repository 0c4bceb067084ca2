import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { EarningsKpis } from '@portal/contracts/dashboard';
import { useFormat } from '../../../i18n/format';
import { useText } from '../../../i18n/i18n';
import { useDashboardCard, type DashboardCardProps } from '../../../lib/dashboard-cards';
import { cardState, DashboardCardFrame } from '../components/dashboard-card-frame';
import { FigureChange } from '../components/figure-change';
import classes from '../dashboard.module.css';
import { KpiTile } from './kpi-tile';

const STATUSES = ['pending', 'approved', 'paid'] as const;
type EarningsStatus = (typeof STATUSES)[number];

/**
 * Commissions of the range, a tile per status (pending, approved, paid), each listing every currency on its own
 * line with its change: amounts in different currencies are never added (earnings.read; an agent-role member's are
 * their own referrals', as the server scopes them).
 */
export function EarningsKpisCard({ range }: DashboardCardProps) {
  const t = useText('dashboard');
  const figures = useDashboardCard('earnings-kpis', range);
  return (
    <DashboardCardFrame title={t('earningsKpis.title')} state={cardState(figures)} link={{ to: '/my-earnings', label: t('earningsKpis.viewAll') }}>
      {() => {
        const data = figures.data!;
        if (data.currencies.length === 0) {
          return (
            <Text c="dimmed" size="sm">
              {t('earningsKpis.none')}
            </Text>
          );
        }
        return (
          <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }} spacing="sm" m={0}>
            {STATUSES.map((status) => (
              <KpiTile key={status} label={t(`earningsKpis.${status}`)} hint={t(`earningsKpis.${status}Hint`)}>
                <Text component="dd" m={0}>
                  <CurrencyLines data={data} status={status} />
                </Text>
              </KpiTile>
            ))}
          </SimpleGrid>
        );
      }}
    </DashboardCardFrame>
  );
}

function CurrencyLines({ data, status }: { data: EarningsKpis; status: EarningsStatus }) {
  const format = useFormat();
  return (
    <Stack component="ul" gap={4} className={classes.plainList}>
      {data.currencies.map((currency) => (
        <Group component="li" key={currency.currency} justify="space-between" gap="xs" wrap="wrap">
          <Text span fw={700} fz="lg" className={classes.figure} style={{ whiteSpace: 'nowrap' }}>
            {format.moneyMinor(currency[status].current, currency.currency)}
          </Text>
          <FigureChange figure={currency[status]} days={data.range.days} />
        </Group>
      ))}
    </Stack>
  );
}
