import { Link } from 'react-router';
import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import type { NextPayout } from '@portal/contracts/dashboard';
import { useFormat } from '../../../i18n/format';
import { useText } from '../../../i18n/i18n';
import { useAuthStore, userCan } from '../../../stores/auth-store';
import { ROUTES } from '../../../lib/paths';
import { useDashboardCard, type DashboardCardProps } from '../../../lib/dashboard-cards';
import { cardState, DashboardCardFrame } from '../components/dashboard-card-frame';
import classes from '../dashboard.module.css';

/** The colour of each state's dot: on its way, scheduled, or waiting to reach the currency's minimum. */
const STATE_COLORS: Record<NextPayout['state'], string> = { draft: 'blue', sent: 'blue', scheduled: 'teal', below_minimum: 'orange' };
/** The dot of a held payout, whatever its state. */
const HELD_COLOR = 'red';

/**
 * The next payout of each currency, with its amount, its day and what will happen (payouts.read: the server sends
 * none to a member who may not read payouts, so the card is not drawn for them). It reads the earnings card's
 * answer: one request for both.
 */
export function NextPayoutCard({ range }: DashboardCardProps) {
  const t = useText('dashboard');
  const figures = useDashboardCard('earnings-kpis', range);
  // Finance and the owner can act on a hold; a manager reads payouts but cannot open the payment details.
  const canManageDetails = useAuthStore((state) => userCan(state.user, 'payment_details.manage'));
  return (
    <DashboardCardFrame title={t('nextPayout.title')} state={cardState(figures)} link={{ to: '/my-earnings#payouts', label: t('nextPayout.viewPayouts') }}>
      {() => {
        const payouts = figures.data!.next_payouts;
        if (payouts.length === 0) {
          return (
            <Text c="dimmed" size="sm">
              {t('nextPayout.none')}
            </Text>
          );
        }
        return (
          <Stack gap="sm">
            <Stack component="ul" gap="sm" className={classes.plainList}>
              {payouts.map((payout) => (
                <PayoutLine key={payout.currency} payout={payout} />
              ))}
            </Stack>
            {payouts.some((payout) => payout.held) && canManageDetails ? (
              <Anchor component={Link} to={ROUTES['payment-details']} size="sm">
                {t('nextPayout.reviewDetails')}
              </Anchor>
            ) : null}
          </Stack>
        );
      }}
    </DashboardCardFrame>
  );
}

function PayoutLine({ payout }: { payout: NextPayout }) {
  const t = useText('dashboard');
  const format = useFormat();
  const date = format.date(payout.on);
  let state: string;
  let detail: string | null = null;
  // A hold wins: "Scheduled for 5 Dec" while the details wait for verification promised a day that will not come.
  if (payout.held) {
    state = t(`nextPayout.held.${payout.held}`);
    detail = payout.state === 'below_minimum' ? t('nextPayout.belowMinimum', { minimum: format.moneyMinor(payout.minimum_minor, payout.currency) }) : t('nextPayout.heldDay', { date });
  } else if (payout.state === 'scheduled') state = t('nextPayout.scheduled', { date });
  else if (payout.state === 'below_minimum') state = t('nextPayout.belowMinimum', { minimum: format.moneyMinor(payout.minimum_minor, payout.currency) });
  else {
    state = t('nextPayout.onItsWay');
    detail = t('nextPayout.payoutDay', { date });
  }
  return (
    <li>
      <Stack gap={2}>
        <Text fw={700} fz={24} lh={1.2} className={classes.figure} style={{ overflowWrap: 'anywhere' }}>
          {format.moneyMinor(payout.amount_minor, payout.currency)}
        </Text>
        <Group gap="xs" wrap="wrap">
          {/* A dot of the state's colour beside text of the page's: tinted text would fail contrast (axe). */}
          <Group gap={6} wrap="nowrap" align="center">
            <Box w={8} h={8} style={{ borderRadius: '50%', flex: 'none', background: `var(--mantine-color-${payout.held ? HELD_COLOR : STATE_COLORS[payout.state]}-filled)` }} aria-hidden="true" />
            <Text size="sm" fw={500}>
              {state}
            </Text>
          </Group>
          {detail ? (
            <Text size="sm" c="dimmed">
              {detail}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </li>
  );
}
