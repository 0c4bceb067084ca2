import { useState, type Ref } from 'react';
import { Button, NativeSelect, Popover, Stack, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import type { BookingFilterBy, FacilityOption } from '@portal/contracts/bookings';
import { SearchableSelect } from '../../../components/searchable-select/searchable-select';
import { useText } from '../../../i18n/i18n';

/** What each date filter is called (the area's catalogue). */
export const FILTER_BY_KEYS = {
  appointment_date: 'appointmentDate',
  created_at: 'bookingDate',
} as const satisfies Record<BookingFilterBy, string>;

export interface BookingFilterMenuProps {
  facilities: FacilityOption[];
  facility: number | null;
  onFacilityChange: (facility: number | null) => void;
  filterBy: BookingFilterBy;
  onFilterByChange: (filterBy: BookingFilterBy) => void;
  /** The Filter button: where focus goes when the last chip is removed. */
  buttonRef?: Ref<HTMLButtonElement>;
}

/**
 * The Filter menu of spec §2: Facility, chosen from the searchable list, and which date the date range applies to.
 * A dialog rather than a Menu: a Menu closes on any click inside it and cannot hold a text field. Choosing a
 * facility applies it and closes the dialog; the choice then shows as a chip (components/filter-chips).
 */
export function BookingFilterMenu({ facilities, facility, onFacilityChange, filterBy, onFilterByChange, buttonRef }: BookingFilterMenuProps) {
  const t = useText('bookings');
  const [opened, setOpened] = useState(false);
  const active = (facility !== null ? 1 : 0) + (filterBy !== 'appointment_date' ? 1 : 0);

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" trapFocus returnFocus width={320}>
      <Popover.Target>
        <Button
          ref={buttonRef}
          variant={active > 0 ? 'light' : 'default'}
          leftSection={<IconFilter size={16} aria-hidden />}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={() => setOpened((open) => !open)}
        >
          {t('filter')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown maw="calc(100vw - 1rem)">
        <Stack gap="sm">
          <Text fw={600} size="sm">
            {t('filterTitle')}
          </Text>
          <SearchableSelect<number>
            label={t('facility')}
            placeholder={t('allFacilities')}
            options={facilities.map((option) => ({ label: option.name, value: option.id }))}
            value={facility}
            onChange={(value) => {
              onFacilityChange(value);
              if (value !== null) setOpened(false);
            }}
            clearable
            // In place: a list in a portal would count as a click outside the dialog and close it.
            withinPortal={false}
          />
          <NativeSelect
            label={t('datesReferTo')}
            data={(Object.keys(FILTER_BY_KEYS) as BookingFilterBy[]).map((value) => ({ value, label: t(FILTER_BY_KEYS[value]) }))}
            value={filterBy}
            onChange={(event) => onFilterByChange(event.currentTarget.value as BookingFilterBy)}
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
