import { useState } from 'react';
import { Badge, Button, CloseButton, NativeSelect, Popover, Stack, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import type { BookingFilterBy, FacilityOption } from '@portal/contracts/bookings';
import { SearchableSelect } from '../../../components/searchable-select/searchable-select';

export const FILTER_BY_LABELS: Record<BookingFilterBy, string> = {
  appointment_date: 'Appointment date',
  created_at: 'Booking date',
};

export interface BookingFilterMenuProps {
  facilities: FacilityOption[];
  facility: number | null;
  onFacilityChange: (facility: number | null) => void;
  filterBy: BookingFilterBy;
  onFilterByChange: (filterBy: BookingFilterBy) => void;
}

/**
 * The Filter menu of spec §2: Facility, chosen from the searchable list, and which date the date range applies to.
 * A dialog rather than a Menu: a Menu closes on any click inside it and cannot hold a text field. Choosing a
 * facility applies it and closes the dialog; the choice then shows as a chip (FilterChip).
 */
export function BookingFilterMenu({ facilities, facility, onFacilityChange, filterBy, onFilterByChange }: BookingFilterMenuProps) {
  const [opened, setOpened] = useState(false);
  const active = (facility !== null ? 1 : 0) + (filterBy !== 'appointment_date' ? 1 : 0);

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" trapFocus returnFocus width={320}>
      <Popover.Target>
        <Button
          variant={active > 0 ? 'light' : 'default'}
          leftSection={<IconFilter size={16} aria-hidden />}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={() => setOpened((open) => !open)}
        >
          Filter
        </Button>
      </Popover.Target>
      <Popover.Dropdown maw="calc(100vw - 1rem)">
        <Stack gap="sm">
          <Text fw={600} size="sm">
            Filter bookings
          </Text>
          <SearchableSelect<number>
            label="Facility"
            placeholder="All facilities"
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
            label="Dates refer to"
            data={(Object.keys(FILTER_BY_LABELS) as BookingFilterBy[]).map((value) => ({ value, label: FILTER_BY_LABELS[value] }))}
            value={filterBy}
            onChange={(event) => onFilterByChange(event.currentTarget.value as BookingFilterBy)}
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** A removable chip for an applied filter ('Facility: City Clinic ×'). */
export function FilterChip({ label, removeLabel, onRemove }: { label: string; removeLabel: string; onRemove: () => void }) {
  return (
    <Badge
      variant="light"
      size="lg"
      radius="xl"
      tt="none"
      fw={500}
      maw="100%"
      pr={4}
      rightSection={<CloseButton size="xs" radius="xl" variant="transparent" aria-label={removeLabel} onClick={onRemove} />}
    >
      {label}
    </Badge>
  );
}
