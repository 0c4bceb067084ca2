import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconEqual, IconSparkles } from '@tabler/icons-react';
import { figureChange, type ComparedFigure } from '@portal/contracts/dashboard';
import { useFormat } from '../../../i18n/format';
import { useText } from '../../../i18n/i18n';
import classes from '../dashboard.module.css';

/**
 * A figure's change against the previous period of the same length, as the server compared them: '+12 %' in green,
 * '−30 %' in red, 'New' when the previous period had none, 'No change', and nothing when both periods had none. The
 * short form is for the eye; a screen reader hears the sentence ('Up 12 % on the previous 30 days'), since a bare
 * '+12 %' does not say against what. The arrows are decoration.
 */
export function FigureChange({ figure, days }: { figure: ComparedFigure; days: number }) {
  const t = useText('dashboard');
  const format = useFormat();
  const change = figureChange(figure);
  if (change.kind === 'none') return null;

  const daysText = format.number(days);
  let look: { className?: string; icon: typeof IconArrowUp; shown: string; spoken: string };
  if (change.kind === 'new') {
    look = { className: classes.new, icon: IconSparkles, shown: t('change.new'), spoken: t('change.newText', { days: daysText }) };
  } else if (change.percent > 0) {
    const percent = format.number(change.percent);
    look = { className: classes.up, icon: IconArrowUp, shown: t('change.up', { percent }), spoken: t('change.upText', { percent, days: daysText }) };
  } else if (change.percent < 0) {
    const percent = format.number(-change.percent);
    look = { className: classes.down, icon: IconArrowDown, shown: t('change.down', { percent }), spoken: t('change.downText', { percent, days: daysText }) };
  } else {
    look = { icon: IconEqual, shown: t('change.same'), spoken: t('change.sameText', { days: daysText }) };
  }
  const Icon = look.icon;

  return (
    <Group gap={4} wrap="nowrap" className={look.className} c={look.className ? undefined : 'dimmed'} component="span">
      <Icon size={14} stroke={2} aria-hidden="true" />
      <Text span size="sm" fw={600} c="inherit" aria-hidden="true" style={{ whiteSpace: 'nowrap' }}>
        {look.shown}
      </Text>
      <VisuallyHidden>{look.spoken}</VisuallyHidden>
    </Group>
  );
}
