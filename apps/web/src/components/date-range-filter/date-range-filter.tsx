/**
 * Date-range filter of spec §2/§5: quick ranges (Today, Last 7 days, This month, Last month), Custom Monthly
 * (two calendars with Clear and Apply), a month picker, a year picker and a year-range picker (2012 to this year).
 *
 * One button shows the applied range and opens a dialog; quick ranges apply at once, the other choices apply
 * with their Apply button (a month applies when clicked). Invalid ranges show the spec's message in an alert
 * and are not applied. The custom panel also has typed Start/End date fields: they are how a keyboard or
 * screen-reader user enters dates, and the only way a start after the end can be entered at all (the range
 * calendar orders the two clicks itself).
 */
import { useState } from 'react';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { ActionIcon, Alert, Button, Group, NativeSelect, Popover, Stack, Text } from '@mantine/core';
import { DateInput, DatePicker, MonthPicker, useDatesContext } from '@mantine/dates';
import { useMediaQuery, useUncontrolled } from '@mantine/hooks';
import { IconCalendar, IconChevronDown, IconX } from '@tabler/icons-react';
import { useText } from '../../i18n/i18n';
import { DAYJS_DATE_FORMAT, FIRST_YEAR, ISO_DATE_FORMAT } from '@portal/contracts/constants';
import {
  EMPTY_RANGE,
  PRESETS,
  classifyRange,
  PRESET_KEYS,
  completeRange,
  describeRange,
  monthRange,
  presetRange,
  selectableYears,
  validateDateRange,
  validateYearRange,
  yearRange,
  type DateRange,
  type DateRangePreset,
  type RangeKind,
} from './date-range';

dayjs.extend(customParseFormat);

export type DateRangePanel = 'custom' | 'month' | 'year' | 'year-range';
export type DateRangeFilterMode = DateRangePreset | DateRangePanel;

export const ALL_MODES: DateRangeFilterMode[] = [...PRESETS, 'custom', 'month', 'year', 'year-range'];

const PANEL_KEYS = {
  custom: 'dateRange.customMonthly',
  month: 'dateRange.month',
  year: 'dateRange.year',
  'year-range': 'dateRange.yearRange',
} as const satisfies Record<DateRangePanel, string>;

export interface DateRangeFilterProps {
  /** The applied range (controlled). Leave out to let the filter hold it. */
  value?: DateRange;
  defaultValue?: DateRange;
  /** Called with the applied range; `{ from: '', to: '' }` when cleared. */
  onChange?: (range: DateRange) => void;
  /** Which choices to offer, in this order. @default every one */
  modes?: DateRangeFilterMode[];
  /** The current time, for quick ranges and the year lists; the clock when left out. */
  now?: Date;
  /** Accessible name of the control. @default 'Date range' */
  label?: string;
  /** Trigger text while no range is applied. @default 'All dates' */
  placeholder?: string;
  disabled?: boolean;
}

const TYPED_DATE_FORMATS = [DAYJS_DATE_FORMAT, 'D MMMM YYYY', ISO_DATE_FORMAT, 'D/M/YYYY'];

/** Strict parsing, so a half-typed '5 Mar 20' is not read as the year 20. */
function parseTypedDate(text: string): string | null {
  const parsed = dayjs(text.trim(), TYPED_DATE_FORMATS, true);
  return parsed.isValid() ? parsed.format(ISO_DATE_FORMAT) : null;
}

const FIRST_DAY = `${FIRST_YEAR}-01-01`;

/** The panel that shows an applied range, or null for none/a quick range. */
function panelFor(kind: RangeKind): DateRangePanel | null {
  switch (kind.kind) {
    case 'month':
      return 'month';
    case 'years':
      return kind.start === kind.end ? 'year' : 'year-range';
    case 'custom':
      return 'custom';
    default:
      return null;
  }
}

export function DateRangeFilter({
  value,
  defaultValue,
  onChange,
  modes = ALL_MODES,
  now,
  label,
  placeholder,
  disabled = false,
}: DateRangeFilterProps) {
  const t = useText('shared');
  const name = label ?? t('dateRange.label');
  const emptyText = placeholder ?? t('dateRange.allDates');
  const clock = now ?? new Date();
  const [applied, setApplied] = useUncontrolled<DateRange>({
    value,
    defaultValue,
    finalValue: EMPTY_RANGE,
    onChange,
  });
  const [opened, setOpened] = useState(false);
  const [panel, setPanel] = useState<DateRangePanel | null>(null);
  const [draft, setDraft] = useState<DateRange>(applied);
  const [calendarMonth, setCalendarMonth] = useState<string>(() => dayjs(clock).format(ISO_DATE_FORMAT));
  const [year, setYear] = useState(() => dayjs(clock).year());
  const [yearSpan, setYearSpan] = useState<[number, number]>(() => [dayjs(clock).year(), dayjs(clock).year()]);
  const [error, setError] = useState<string | null>(null);
  // Two calendars do not fit a phone; one does.
  const narrow = useMediaQuery('(max-width: 40em)');
  const dates = useDatesContext();

  const years = selectableYears(clock);
  const offered = (mode: DateRangeFilterMode) => modes.includes(mode);
  const presets = PRESETS.filter(offered);
  const panels = (Object.keys(PANEL_KEYS) as DateRangePanel[]).filter(offered);
  const appliedKind = classifyRange(applied, clock);
  const appliedPreset = appliedKind.kind === 'preset' ? appliedKind.preset : null;

  const open = () => {
    // Each opening starts from what is applied, not from an abandoned edit.
    setDraft(applied);
    setError(null);
    const start = applied.from || dayjs(clock).format(ISO_DATE_FORMAT);
    // With two calendars, show the month before too, so the latest month is on the right.
    setCalendarMonth(applied.from ? start : dayjs(clock).subtract(narrow ? 0 : 1, 'month').format(ISO_DATE_FORMAT));
    const kind = classifyRange(applied, clock);
    if (kind.kind === 'years') {
      setYear(kind.end);
      setYearSpan([kind.start, kind.end]);
    }
    const suggested = panelFor(kind);
    // Reopen where the applied range was chosen; a kind this filter does not offer falls back to the custom panel.
    const fallback = panels.includes('custom') ? 'custom' : null;
    setPanel(suggested ? (panels.includes(suggested) ? suggested : fallback) : null);
    setOpened(true);
  };

  const apply = (range: DateRange) => {
    setApplied(range);
    setError(null);
    setOpened(false);
  };

  const choosePanel = (next: DateRangePanel) => {
    setPanel(next);
    setError(null);
  };

  const applyCustom = () => {
    const range = completeRange(draft);
    const message = validateDateRange(range);
    if (message) {
      setError(message);
      return;
    }
    apply(range);
  };

  const applyYearSpan = () => {
    const message = validateYearRange(yearSpan[0], yearSpan[1]);
    if (message) {
      setError(message);
      return;
    }
    apply(yearRange(yearSpan[0], yearSpan[1]));
  };

  const updateDraft = (next: DateRange) => {
    setDraft(next);
    setError(null);
  };

  const hasRange = Boolean(applied.from || applied.to);
  const summary = describeRange(applied, clock, emptyText);
  const yearData = years.map((option) => String(option));

  return (
    <Group gap={4} wrap="nowrap">
      <Popover
        opened={opened}
        onChange={(next) => (next ? open() : setOpened(false))}
        position="bottom-start"
        // Always below its button, scrolling with the page: the panel is taller than a small laptop's space above or
        // below the toolbar, and flipping it while the page scrolls moved Apply from under the pointer.
        middlewares={{ flip: false, shift: true }}
        // Scrolling down to Apply takes the button out of view: the panel stays (Mantine would hide it with its button).
        hideDetached={false}
        shadow="md"
        trapFocus
        returnFocus
        disabled={disabled}
      >
        <Popover.Target>
          <Button
            variant="default"
            disabled={disabled}
            leftSection={<IconCalendar size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            aria-label={`${name}: ${summary}`}
            onClick={() => (opened ? setOpened(false) : open())}
          >
            {summary}
          </Button>
        </Popover.Target>

        {/* Mantine names the dialog after the trigger (aria-labelledby), e.g. "Date range: This month". */}
        <Popover.Dropdown maw="calc(100vw - 1rem)">
          <Group align="flex-start" gap="md" wrap="wrap">
            <Stack gap={2} role="group" aria-label={t('dateRange.ranges')} miw={140}>
              {presets.map((preset) => (
                <Button
                  key={preset}
                  variant={appliedPreset === preset ? 'light' : 'subtle'}
                  justify="flex-start"
                  size="compact-sm"
                  aria-pressed={appliedPreset === preset}
                  onClick={() => apply(presetRange(preset, clock))}
                >
                  {t(PRESET_KEYS[preset])}
                </Button>
              ))}
              {panels.map((option) => (
                <Button
                  key={option}
                  variant={panel === option ? 'light' : 'subtle'}
                  justify="flex-start"
                  size="compact-sm"
                  aria-expanded={panel === option}
                  onClick={() => choosePanel(option)}
                >
                  {t(PANEL_KEYS[option])}
                </Button>
              ))}
            </Stack>

            {panel === 'custom' ? (
              <Stack gap="sm" role="group" aria-label={t(PANEL_KEYS.custom)}>
                <Group grow align="flex-start">
                  <DateInput
                    label={t('dateRange.startDate')}
                    placeholder={t('dateRange.datePlaceholder')}
                    valueFormat={DAYJS_DATE_FORMAT}
                    dateParser={parseTypedDate}
                    value={draft.from || null}
                    onChange={(from) => updateDraft({ ...draft, from: from ?? '' })}
                    popoverProps={{ disabled: true }}
                    clearable
                    minDate={FIRST_DAY}
                  />
                  <DateInput
                    label={t('dateRange.endDate')}
                    placeholder={t('dateRange.datePlaceholder')}
                    valueFormat={DAYJS_DATE_FORMAT}
                    dateParser={parseTypedDate}
                    value={draft.to || null}
                    onChange={(to) => updateDraft({ ...draft, to: to ?? '' })}
                    popoverProps={{ disabled: true }}
                    clearable
                    minDate={FIRST_DAY}
                  />
                </Group>
                <DatePicker
                  type="range"
                  numberOfColumns={narrow ? 1 : 2}
                  allowSingleDateInRange
                  minDate={FIRST_DAY}
                  date={calendarMonth}
                  onDateChange={setCalendarMonth}
                  value={[draft.from || null, draft.to || null]}
                  onChange={([from, to]) => updateDraft({ from: from ?? '', to: to ?? '' })}
                />
                <Group justify="flex-end" gap="xs">
                  <Button variant="default" onClick={() => updateDraft(EMPTY_RANGE)}>
                    {t('dateRange.clear')}
                  </Button>
                  <Button onClick={applyCustom}>{t('dateRange.apply')}</Button>
                </Group>
              </Stack>
            ) : null}

            {panel === 'month' ? (
              <Stack gap="sm" role="group" aria-label={t('dateRange.month')}>
                <MonthPicker
                  minDate={FIRST_DAY}
                  maxDate={dayjs(clock).endOf('month').format(ISO_DATE_FORMAT)}
                  defaultDate={applied.from || dayjs(clock).format(ISO_DATE_FORMAT)}
                  value={appliedKind.kind === 'month' ? appliedKind.month : null}
                  onChange={(month) => month && apply(monthRange(month))}
                  // The visible 'Jan' with its year, in the calendar's language: a name must contain what the
                  // button shows (axe label-content-name-mismatch; 'January-2024' did not contain 'Jan').
                  getMonthControlProps={(month) => ({ 'aria-label': dayjs(month).locale(dates.getLocale()).format('MMM YYYY') })}
                />
                <Text size="xs" c="dimmed">
                  {t('dateRange.monthsFrom', { year: FIRST_YEAR })}
                </Text>
              </Stack>
            ) : null}

            {panel === 'year' ? (
              <Stack gap="sm" role="group" aria-label={t('dateRange.year')}>
                <NativeSelect
                  label={t('dateRange.year')}
                  data={yearData}
                  value={String(year)}
                  onChange={(event) => setYear(Number(event.currentTarget.value))}
                />
                <Group justify="flex-end">
                  <Button onClick={() => apply(yearRange(year))}>{t('dateRange.apply')}</Button>
                </Group>
              </Stack>
            ) : null}

            {panel === 'year-range' ? (
              <Stack gap="sm" role="group" aria-label={t('dateRange.yearRange')}>
                <Group grow>
                  <NativeSelect
                    label={t('dateRange.startYear')}
                    data={yearData}
                    value={String(yearSpan[0])}
                    onChange={(event) => {
                      setYearSpan([Number(event.currentTarget.value), yearSpan[1]]);
                      setError(null);
                    }}
                  />
                  <NativeSelect
                    label={t('dateRange.endYear')}
                    data={yearData}
                    value={String(yearSpan[1])}
                    onChange={(event) => {
                      setYearSpan([yearSpan[0], Number(event.currentTarget.value)]);
                      setError(null);
                    }}
                  />
                </Group>
                <Group justify="flex-end">
                  <Button onClick={applyYearSpan}>{t('dateRange.apply')}</Button>
                </Group>
              </Stack>
            ) : null}
          </Group>

          {error ? (
            <Alert color="red" mt="sm" role="alert" variant="light">
              {error}
            </Alert>
          ) : null}
        </Popover.Dropdown>
      </Popover>

      {hasRange && !disabled ? (
        <ActionIcon variant="subtle" color="gray" aria-label={t('dateRange.clearRange')} onClick={() => apply(EMPTY_RANGE)}>
          <IconX size={16} aria-hidden />
        </ActionIcon>
      ) : null}
    </Group>
  );
}
