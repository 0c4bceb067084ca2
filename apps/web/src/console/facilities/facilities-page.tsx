import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Anchor, Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { facilitiesEndpoint, type CountryCode, type FacilityRow } from '@portal/contracts/console-facilities';
import { ListPageView } from '../../components/list-page/list-page';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { useFormat } from '../../i18n/format';
import { useLocale, useText } from '../../i18n/i18n';
import { useListEndpoint } from '../../lib/use-list-endpoint';
import { countryName } from './countries';
import { CountrySelect } from './country-select';
import { FacilityFormDialog } from './facility-form-dialog';
import { facilityPath } from './facilities-paths';

const SEARCH_MAX = 100;

/** /console/facilities: every facility, searchable, filtered by country, sorted; each leads to its page. */
export function FacilitiesPage() {
  const t = useText('console-facilities');
  const format = useFormat();
  const locale = useLocale();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const source = useListEndpoint(facilitiesEndpoint, {}, { loadFailed: t('loadFailed') });
  const { list } = source;
  const { params } = list;

  const headers = useMemo<TableHeader<FacilityRow>[]>(
    () => [
      {
        text: t('columnName'),
        value: 'name',
        sort: true,
        render: (row) => (
          <Anchor component={Link} to={facilityPath(row.id)} fw={500}>
            {row.name}
          </Anchor>
        ),
      },
      { text: t('columnCountry'), value: 'country', sort: true, render: (row) => countryName(row.country, locale) },
      { text: t('columnCity'), value: 'city', sort: true },
      { text: t('columnLocations'), value: 'locations', sort: true, align: 'right', render: (row) => format.number(row.locations_count) },
      { text: t('columnBookings'), value: 'bookings', sort: true, align: 'right', render: (row) => format.number(row.bookings_count) },
      { text: t('columnCreated'), value: 'created_at', sort: true, render: (row) => format.date(row.created_at) },
    ],
    [t, format, locale],
  );

  const country = params.country as CountryCode | undefined;
  return (
    <ListPageView
      source={source}
      title={t('title')}
      description={t('description')}
      action={
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setAdding(true)}>
          {t('newFacility')}
        </Button>
      }
      texts={{ empty: t('empty'), filteredEmpty: t('filteredEmpty') }}
      headers={headers}
      search={{ max: SEARCH_MAX }}
      activeFilters={country ? [t('countryFilter', { country: countryName(country, locale) })] : []}
      toolbar={
        <CountrySelect
          aria-label={t('country')}
          placeholder={t('allCountries')}
          clearable
          clearButtonProps={{ 'aria-label': t('clearCountry') }}
          value={country ?? ''}
          onChange={(code) => list.set({ country: (code || undefined) as CountryCode | undefined })}
          w={240}
        />
      }
      getRowLabel={(row) => row.name}
    >
      {adding ? <FacilityFormDialog onClose={() => setAdding(false)} onSaved={(facility) => void navigate(facilityPath(facility.id))} /> : null}
    </ListPageView>
  );
}
