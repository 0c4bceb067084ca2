import { lazy, Suspense, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { Alert, Badge, Button, Card, Container, Group, Image, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { countryName } from '../../../lib/country-names';
import { useFormat } from '../../../i18n/format';
import { useLocale, useText } from '../../../i18n/i18n';
import { isHttpError } from '../../../lib/http';
import { ROUTES } from '../../../lib/paths';
import { LoadFailedAlert } from '../../../components/query-view/query-view';
import { LoadingLine } from '../../../components/loading-placeholder/loading-placeholder';
import { useNetworkFacilities, useNetworkProduct, type NetworkFilters } from '../api/network-api';

/** The map's code (world-atlas shapes, d3-geo) loads only when the visitor opens it: the page stays light. */
const NetworkMap = lazy(() => import('../components/network-map').then((module) => ({ default: module.NetworkMap })));

const NETWORK_PATH = /^([a-z0-9]+(?:-[a-z0-9]+)*)-network$/;
const FILTER_KEYS = ['search', 'country', 'specialty', 'language', 'accreditation'] as const;

/** /{product}-network: the public list of a product's facilities, with filters, the published order and a map. */
export function NetworkPage() {
  const match = NETWORK_PATH.exec(useParams().networkPath ?? '');
  if (!match) return <Navigate to={ROUTES['broken-page']} replace />;
  return <NetworkList product={match[1]!} />;
}

function NetworkList({ product }: { product: string }) {
  const t = useText('network');
  const shared = useText('shared');
  const locale = useLocale();
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const [mapOpen, setMapOpen] = useState(false);
  const productPage = useNetworkProduct(product);
  const filters: NetworkFilters = {
    search: params.get('search') ?? undefined,
    country: params.get('country') ?? undefined,
    specialty: params.get('specialty') ? Number(params.get('specialty')) : undefined,
    language: params.get('language') ?? undefined,
    accreditation: params.get('accreditation') ?? undefined,
    page: params.get('page') ? Number(params.get('page')) : undefined,
  };
  const list = useNetworkFacilities(product, filters, productPage.isSuccess);

  function setFilter(key: (typeof FILTER_KEYS)[number] | 'page', value: string | null) {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next, { replace: true });
  }

  if (productPage.isPending) return <LoadingLine label={t('loading')} />;
  if (isHttpError(productPage.error, 404)) {
    return (
      <Container size="sm" py="xl">
        <Alert color="orange" role="alert" title={<Title order={1} size="h4">{t('notFound')}</Title>} />
      </Container>
    );
  }
  if (productPage.isError) {
    return <LoadFailedAlert title={t('loadFailed')} retryLabel={shared('errors.tryAgain')} onRetry={() => void productPage.refetch()} retrying={productPage.isFetching} />;
  }
  const { product: info, filters: options } = productPage.data;
  const name = locale === 'ar' ? info.name_ar : info.name;
  const rows = list.data?.data ?? [];
  const filtered = FILTER_KEYS.some((key) => params.get(key));
  const languageName = (code: string) => new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;

  return (
    <Container size="lg" py="lg" px="md">
      <Stack gap="md">
        <div>
          <Title order={1}>{t('heading', { product: name })}</Title>
          <Text c="dimmed">{locale === 'ar' ? info.description_ar : info.description}</Text>
          <Text size="sm" mt="xs">{t('sortRule')}</Text>
          <Text size="sm" c="dimmed">{t('signInHint')}</Text>
        </div>
        <Group align="end" gap="sm" wrap="wrap">
          <TextInput label={t('search')} defaultValue={filters.search ?? ''} onChange={(event) => setFilter('search', event.currentTarget.value.trim() || null)} w={220} />
          <Select
            label={t('country')}
            placeholder={t('allCountries')}
            clearable
            data={options.countries.map((code) => ({ value: code, label: countryName(code, locale) }))}
            value={filters.country ?? null}
            onChange={(value) => setFilter('country', value)}
            w={200}
          />
          <Select
            label={t('specialty')}
            placeholder={t('allSpecialties')}
            clearable
            data={options.specialties.map((item) => ({ value: String(item.id), label: item.name }))}
            value={filters.specialty ? String(filters.specialty) : null}
            onChange={(value) => setFilter('specialty', value)}
            w={200}
          />
          <Select
            label={t('language')}
            placeholder={t('allLanguages')}
            clearable
            data={options.languages.map((code) => ({ value: code, label: languageName(code) }))}
            value={filters.language ?? null}
            onChange={(value) => setFilter('language', value)}
            w={180}
          />
          <Select
            label={t('accreditation')}
            placeholder={t('allAccreditations')}
            clearable
            data={options.accreditations}
            value={filters.accreditation ?? null}
            onChange={(value) => setFilter('accreditation', value)}
            w={180}
          />
          {filtered ? (
            <Button variant="subtle" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
              {t('clearFilters')}
            </Button>
          ) : null}
        </Group>
        <Group justify="space-between">
          <Text role="status" fw={500}>
            {list.data ? t('results', { count: list.data.total }) : t('loading')}
          </Text>
          <Button variant="light" onClick={() => setMapOpen((open) => !open)} aria-expanded={mapOpen}>
            {mapOpen ? t('hideMap') : t('showMap')}
          </Button>
        </Group>
        {mapOpen ? (
          <Suspense fallback={<LoadingLine label={t('mapLoading')} />}>
            <NetworkMap facilities={rows} title={t('mapTitle')} note={t('mapNote')} />
          </Suspense>
        ) : null}
        {list.isError ? <LoadFailedAlert title={t('loadFailed')} retryLabel={shared('errors.tryAgain')} onRetry={() => void list.refetch()} retrying={list.isFetching} /> : null}
        {list.data && rows.length === 0 ? <Text>{t('empty')}</Text> : null}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((card) => (
            <Card component="li" key={card.slug} withBorder radius="md" padding="sm">
              {card.photo_url ? (
                <Card.Section>
                  <Image src={card.photo_url} alt={t('photoOf', { name: card.name })} h={150} loading="lazy" />
                </Card.Section>
              ) : null}
              <Stack gap={4} mt="sm">
                <Group justify="space-between" wrap="nowrap" align="start">
                  <Title order={2} size="h4">
                    <a href={`/${product}-network-profile/${card.slug}`} aria-label={t('openProfile', { name: card.name })}>
                      {card.name}
                    </a>
                  </Title>
                  {card.promoted ? <Badge color="yellow" variant="light">{t('promoted')}</Badge> : null}
                </Group>
                <Text size="sm">
                  {card.city}, {countryName(card.country, locale)}
                </Text>
                {card.accreditations.length > 0 ? (
                  <Group gap={4}>
                    {card.accreditations.map((body) => (
                      <Badge key={body} variant="outline" size="sm">
                        {body}
                      </Badge>
                    ))}
                  </Group>
                ) : null}
                <Text size="sm" c="dimmed">
                  {card.specialties.join(' · ')}
                </Text>
                <Text size="sm">{t('languages', { languages: card.languages.map(languageName).join(', ') })}</Text>
                <Text fw={600}>{card.from_price ? t('fromPrice', { price: format.moneyMinor(card.from_price.amount_minor, card.from_price.currency) }) : t('noPrice')}</Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
        {list.data && list.data.last_page > 1 ? (
          <Group justify="center">
            <Button variant="default" disabled={list.data.current_page <= 1} onClick={() => setFilter('page', String(list.data.current_page - 1))}>
              {t('previous')}
            </Button>
            <Text>{t('pageOf', { page: list.data.current_page, last: list.data.last_page })}</Text>
            <Button variant="default" disabled={list.data.current_page >= list.data.last_page} onClick={() => setFilter('page', String(list.data.current_page + 1))}>
              {t('next')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Container>
  );
}
