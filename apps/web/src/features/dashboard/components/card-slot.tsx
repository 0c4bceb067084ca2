import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { Paper, VisuallyHidden } from '@mantine/core';
import { LoadFailedAlert } from '../../../components/query-view/query-view';
import { useText } from '../../../i18n/i18n';
import type { DashboardCardDeclaration, DashboardCardProps } from '../../../lib/dashboard-cards';
import { DefaultCardSkeleton } from './dashboard-card-frame';

/**
 * One card's place on the dashboard: while its code loads (each card is a lazy chunk), a skeleton of its own; if it
 * breaks while drawing, an alert in its place with Retry, and the other cards go on.
 */
export function CardSlot({ card, range }: { card: DashboardCardDeclaration } & DashboardCardProps) {
  const Card = card.component;
  return (
    <CardBoundary>
      <Suspense fallback={<CardCodeLoading />}>
        <Card range={range} />
      </Suspense>
    </CardBoundary>
  );
}

function CardCodeLoading() {
  const t = useText('dashboard');
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-busy="true">
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
      <DefaultCardSkeleton />
    </Paper>
  );
}

function CardCrashed({ onRetry }: { onRetry: () => void }) {
  const t = useText('dashboard');
  const shared = useText('shared');
  return <LoadFailedAlert title={t('card.crashed')} retryLabel={shared('errors.retry')} onRetry={onRetry} retrying={false} />;
}

class CardBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A dashboard card failed to render', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) return <CardCrashed onRetry={() => this.setState({ failed: false })} />;
    return this.props.children;
  }
}
