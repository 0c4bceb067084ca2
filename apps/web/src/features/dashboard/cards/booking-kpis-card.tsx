import { SimpleGrid, Text } from '@mantine/core';
import type { ComparedFigure } from '@portal/contracts/dashboard';
import { useFormat } from '../../../i18n/format';
import { useText } from '../../../i18n/i18n';
import { useDashboardCard, type DashboardCardProps } from '../../../lib/dashboard-cards';
import { cardState, DashboardCardFrame } from '../components/dashboard-card-frame';
import { FigureChange } from '../components/figure-change';
import classes from '../dashboard.module.css';
import { KpiTile } from './kpi-tile';

/** Bookings referred and completed in the range, each beside the previous period (referrals.read). */
export function BookingKpisCard({ range }: DashboardCardProps) {
  const t = useText('dashboard');
  const figures = useDashboardCard('booking-kpis', range);
  return (
    <DashboardCardFrame title={t('bookingKpis.title')} state={cardState(figures)} link={{ to: '/bookings', label: t('bookingKpis.viewAll') }}>
      {() => {
        const data = figures.data!;
        return (
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" m={0}>
            <KpiTile label={t('bookingKpis.referred')} hint={t('bookingKpis.referredHint')}>
              <CountFigure figure={data.referred} days={data.range.days} />
            </KpiTile>
            <KpiTile label={t('bookingKpis.completed')} hint={t('bookingKpis.completedHint')}>
              <CountFigure figure={data.completed} days={data.range.days} />
            </KpiTile>
          </SimpleGrid>
        );
      }}
    </DashboardCardFrame>
  );
}

function CountFigure({ figure, days }: { figure: ComparedFigure; days: number }) {
  const format = useFormat();
  return (
    <>
      <Text component="dd" m={0} fz={28} fw={700} lh={1.2} className={classes.figure}>
        {format.number(figure.current)}
      </Text>
      <Text component="dd" m={0} size="sm">
        <FigureChange figure={figure} days={days} />
      </Text>
    </>
  );
}
