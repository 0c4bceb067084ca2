import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { RouteErrorPage } from '../components/route-error/route-error-page';
import { useText } from '../i18n/i18n';
import { ROUTES } from '../lib/paths';

/** A partner's page that threw or could not be loaded; the way home reloads the document (a new release's files). */
export function RouteError() {
  const t = useText('shared');
  return (
    <RouteErrorPage
      home={
        <Button component={Link} to={ROUTES.Dashboard} variant="default" reloadDocument>
          {t('errors.goToDashboard')}
        </Button>
      }
    />
  );
}
