import { useMemo } from 'react';
import { Paper, Text } from '@mantine/core';
import { geoNaturalEarth1, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import countries from 'world-atlas/countries-110m.json';
import type { NetworkFacilityCard } from '@portal/contracts/network';

const WIDTH = 960;
const HEIGHT = 500;

/**
 * The facilities listed, on a world map drawn from Natural Earth shapes that ship with the app (world-atlas): no
 * tiles, no request leaves the page, it works offline. The map shows the same facilities as the list below it, which
 * is its accessible equivalent; the map itself is one image with a title.
 */
export function NetworkMap({ facilities, title, note }: { facilities: readonly NetworkFacilityCard[]; title: string; note: string }) {
  const { land, projection } = useMemo(() => {
    const topology = countries as unknown as Parameters<typeof feature>[0] & { objects: { countries: Parameters<typeof feature>[1] } };
    const shapes = feature(topology, topology.objects.countries);
    const fitted = geoNaturalEarth1().fitSize([WIDTH, HEIGHT], shapes);
    return { land: geoPath(fitted)(shapes) ?? '', projection: fitted };
  }, []);
  const points = facilities.flatMap((facility) => {
    if (facility.latitude === null || facility.longitude === null) return [];
    const at = projection([facility.longitude, facility.latitude]);
    return at ? [{ facility, x: at[0], y: at[1] }] : [];
  });
  return (
    <Paper withBorder radius="md" p="xs">
      <svg viewBox={`0 0 ${String(WIDTH)} ${String(HEIGHT)}`} role="img" aria-label={title} style={{ width: '100%', height: 'auto', display: 'block' }}>
        <title>{title}</title>
        <path d={land} fill="var(--mantine-color-gray-3)" stroke="var(--mantine-color-body)" strokeWidth={0.5} />
        {points.map(({ facility, x, y }) => (
          <circle key={facility.slug} cx={x} cy={y} r={facility.promoted ? 6 : 4.5} fill={facility.promoted ? 'var(--mantine-color-yellow-6)' : 'var(--mantine-color-teal-7)'} stroke="white" strokeWidth={1}>
            <title>{`${facility.name}, ${facility.city}`}</title>
          </circle>
        ))}
      </svg>
      <Text size="xs" c="dimmed" mt={4}>
        {note}
      </Text>
    </Paper>
  );
}
