import { useMemo } from 'react';
import { Box, Group, Stack } from '@mantine/core';
import { partnerRoleCan, type PartnerPermission } from '@portal/contracts/partner-roles';
import { useDashboardCards, type DashboardCardDeclaration } from '../../../lib/dashboard-cards';
import { useAuthStore } from '../../../stores/auth-store';
import { useDashboardRange } from '../api/dashboard-range';
import { useLiveDashboard } from '../api/live-dashboard';
import { CardSlot } from '../components/card-slot';
import { DashboardHeading, ProfileStrip } from '../components/profile-strip';
import { RangeCaption, RangeControl } from '../components/range-control';
import classes from '../dashboard.module.css';

/**
 * Each card's width on a wide screen. A half card that finds no other half beside it (the one before or after it is
 * full, or not drawn for this role) takes the whole row, so no role's dashboard has a hole in it; the order on screen
 * stays the order of the page, the one a keyboard and a screen reader follow.
 */
export function cardWidths(cards: readonly Pick<DashboardCardDeclaration, 'span'>[]): Array<'full' | 'half'> {
  const widths: Array<'full' | 'half'> = [];
  let halvesInRow = 0;
  cards.forEach((card, index) => {
    if (card.span === 'full') {
      halvesInRow = 0;
      widths.push('full');
      return;
    }
    halvesInRow += 1;
    const pairsWithNext = cards[index + 1]?.span === 'half';
    // The second of a pair, or the first with a half after it, shares the row; a lone one fills it.
    widths.push(halvesInRow % 2 === 0 || pairsWithNext ? 'half' : 'full');
  });
  return widths;
}

/**
 * `/` (issue 16, docs/dashboard.md): the greeting and the partner's account, the range (in the URL), what it is
 * compared with, and every area's cards the member's role may see, each loading, failing and retrying on its own and
 * refreshed live by the notifications that concern it.
 */
export function DashboardPage() {
  const { range, choose, chooseCustom } = useDashboardRange();
  const declared = useDashboardCards();
  const role = useAuthStore((state) => state.user?.partner_profile?.role);
  const can = (permission: PartnerPermission) => role !== undefined && partnerRoleCan(role, permission);
  // By role, as the navigation is: a card the member may not see is neither drawn nor asked for.
  const cards = useMemo(
    () => declared.filter((card) => !card.permission || (role !== undefined && partnerRoleCan(role, card.permission))),
    [declared, role],
  );
  useLiveDashboard(cards);
  const widths = cardWidths(cards);
  // What the period is compared with comes with the figures: from a ranged card the member sees (its own request).
  const captionCard = can('referrals.read') ? 'booking-kpis' : can('earnings.read') ? 'earnings-kpis' : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <DashboardHeading />
          {captionCard ? <RangeCaption card={captionCard} range={range} /> : null}
        </Stack>
        <RangeControl range={range} onChoose={choose} onChooseCustom={chooseCustom} />
      </Group>
      <ProfileStrip />
      <div className={classes.grid}>
        {cards.map((card, index) => (
          <Box key={card.id} className={widths[index] === 'full' ? classes.full : undefined} miw={0}>
            <CardSlot card={card} range={range} />
          </Box>
        ))}
      </div>
    </Stack>
  );
}
