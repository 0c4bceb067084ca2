import { useEffect, useRef, type RefObject } from 'react';
import { Badge, CloseButton, Group } from '@mantine/core';

export interface FilterChip {
  /** Stable while the filter is applied (the filter's name). */
  key: string;
  /** What is applied: 'Facility: City Clinic'. */
  label: string;
  /** Names the × button: 'Remove facility filter'. */
  removeLabel: string;
  onRemove: () => void;
}

export interface FilterChipsProps {
  /** Names the group: 'Applied filters'. */
  label: string;
  chips: FilterChip[];
  /** Where focus goes when the last chip is removed: the control that applies filters (the Filter button). */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * The applied filters of a list as removable chips (spec §2: "The chosen filter shows as a removable chip"). Keep
 * it rendered even with no chip: it keeps focus on something after a chip removes itself, which would otherwise
 * drop to <body> (issue #13, ux-audit M1). Focus goes to the chip that took the removed one's place, else the one
 * before it, else `returnFocusTo`. The × is 24 px (WCAG 2.5.8 target size).
 */
export function FilterChips({ label, chips, returnFocusTo }: FilterChipsProps) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  // The chip being removed and its place; the list applies the change later (the URL, then a transition).
  const removing = useRef<{ key: string; index: number } | null>(null);
  const keys = chips.map((chip) => chip.key).join('\n');

  useEffect(() => {
    const pending = removing.current;
    if (!pending || keys.split('\n').includes(pending.key)) return;
    removing.current = null;
    const remaining = keys ? keys.split('\n') : [];
    const next = remaining[Math.min(pending.index, remaining.length - 1)];
    (next !== undefined ? buttons.current.get(next) : returnFocusTo.current)?.focus();
  }, [keys, returnFocusTo]);

  if (chips.length === 0) return null;
  return (
    <Group gap="xs" mb="sm" wrap="wrap" role="group" aria-label={label}>
      {chips.map((chip, index) => (
        <Badge
          key={chip.key}
          variant="light"
          size="lg"
          radius="xl"
          tt="none"
          fw={500}
          maw="100%"
          pe={2}
          rightSection={
            <CloseButton
              ref={(element) => {
                if (element) buttons.current.set(chip.key, element);
                else buttons.current.delete(chip.key);
              }}
              size={24}
              iconSize={14}
              radius="xl"
              variant="transparent"
              aria-label={chip.removeLabel}
              onClick={() => {
                removing.current = { key: chip.key, index };
                chip.onRemove();
              }}
            />
          }
        >
          {chip.label}
        </Badge>
      ))}
    </Group>
  );
}
