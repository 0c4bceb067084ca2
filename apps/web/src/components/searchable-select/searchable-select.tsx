/**
 * Searchable dropdown of spec §2/§4, on Mantine's Combobox primitives.
 *
 * One editable combobox (the ARIA 1.2 "list autocomplete" pattern): while closed the input shows the selected
 * option's label; typing filters the options (case-insensitive substring of the label); choosing an option
 * selects it, shows its label, clears the search text and closes; closing in any way (Escape, Tab, an outside
 * click) drops the search text so the selected label shows again. Arrow keys move through the options, Enter
 * chooses, Escape closes; the highlighted option is announced through aria-activedescendant.
 */
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Combobox, Group, Text, TextInput, useCombobox } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { DROPDOWN_MAX_HEIGHT } from '@portal/contracts/constants';
import { useText } from '../../i18n/i18n';

export type SearchableSelectValue = string | number;

export interface SearchableSelectOption<Value extends SearchableSelectValue = string> {
  label: string;
  value: Value;
}

export interface SearchableSelectProps<Value extends SearchableSelectValue = string> {
  options: SearchableSelectOption<Value>[];
  /** The selected value, or null for none. */
  value: Value | null;
  /** Called with the chosen option's value, or null when cleared. */
  onChange: (value: Value | null) => void;
  /** Visible label; give `aria-label` instead when the context already labels the control. */
  label?: ReactNode;
  'aria-label'?: string;
  placeholder?: string;
  /** Shows a clear button while a value is selected. */
  clearable?: boolean;
  disabled?: boolean;
  required?: boolean;
  description?: ReactNode;
  error?: ReactNode;
  /** Text of an empty result. @default 'No options found' */
  nothingFoundText?: string;
  /** Height beyond which the list scrolls. @default DROPDOWN_MAX_HEIGHT ('15rem') */
  maxDropdownHeight?: string | number;
  /** Render the list in a portal (default) or in place, e.g. inside a Menu that must not lose focus. */
  withinPortal?: boolean;
  id?: string;
  className?: string;
}

/** Case-insensitive substring match on the label; surrounding spaces in the query are ignored. */
export function filterOptions<Value extends SearchableSelectValue>(
  options: SearchableSelectOption<Value>[],
  search: string,
): SearchableSelectOption<Value>[] {
  const query = search.trim().toLowerCase();
  if (!query) return options;
  return options.filter((option) => option.label.toLowerCase().includes(query));
}

export function SearchableSelect<Value extends SearchableSelectValue = string>({
  options,
  value,
  onChange,
  label,
  'aria-label': ariaLabel,
  placeholder,
  clearable = false,
  disabled = false,
  required,
  description,
  error,
  nothingFoundText,
  maxDropdownHeight = DROPDOWN_MAX_HEIGHT,
  withinPortal = true,
  id,
  className,
}: SearchableSelectProps<Value>) {
  const t = useText('shared');
  const generatedId = useId();
  const inputId = id ?? generatedId;
  // null: not searching, the input shows the selected label and every option is listed.
  const [search, setSearch] = useState<string | null>(null);

  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch(null);
    },
    // Start keyboard navigation on the selected option.
    onDropdownOpen: () => combobox.updateSelectedOptionIndex('active'),
  });

  const selected = useMemo(
    () => (value === null ? undefined : options.find((option) => option.value === value)),
    [options, value],
  );
  const visible = useMemo(() => (search === null ? options : filterOptions(options, search)), [options, search]);

  // After each keystroke, highlight the first match so Enter picks what the user sees on top.
  useEffect(() => {
    if (search !== null) combobox.selectFirstOption();
    // combobox is a new object every render; only the search text matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const choose = (optionValue: string) => {
    const option = options.find((candidate) => String(candidate.value) === optionValue);
    if (option) onChange(option.value);
    setSearch(null);
    combobox.closeDropdown();
  };

  const showClear = clearable && selected !== undefined && !disabled;

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={choose}
      withinPortal={withinPortal}
      disabled={disabled}
    >
      <Combobox.Target withExpandedAttribute targetType="input" autoComplete="off">
        <TextInput
          id={inputId}
          className={className}
          label={label}
          aria-label={label ? undefined : ariaLabel}
          aria-autocomplete="list"
          placeholder={placeholder}
          description={description}
          error={error}
          required={required}
          disabled={disabled}
          value={search ?? selected?.label ?? ''}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            combobox.openDropdown('keyboard');
          }}
          onClick={() => combobox.openDropdown('mouse')}
          onBlur={() => combobox.closeDropdown()}
          rightSection={
            showClear ? (
              <Combobox.ClearButton
                aria-label={t('select.clearSelection')}
                aria-hidden={false}
                tabIndex={0}
                onClear={() => {
                  onChange(null);
                  setSearch(null);
                  combobox.closeDropdown();
                }}
              />
            ) : (
              <Combobox.Chevron />
            )
          }
          rightSectionPointerEvents={showClear ? 'all' : 'none'}
        />
      </Combobox.Target>

      <Combobox.Dropdown>
        <Combobox.Options
          labelledBy={label ? `${inputId}-label` : undefined}
          aria-label={label ? undefined : ariaLabel}
          style={{ maxHeight: maxDropdownHeight, overflowY: 'auto' }}
        >
          {visible.length > 0 ? (
            visible.map((option) => {
              const isSelected = option.value === value;
              return (
                <Combobox.Option
                  key={String(option.value)}
                  value={String(option.value)}
                  active={isSelected}
                  aria-selected={isSelected}
                >
                  <Group gap="xs" wrap="nowrap" justify="space-between">
                    <Text component="span" size="sm">
                      {option.label}
                    </Text>
                    {isSelected ? <IconCheck size={16} aria-hidden data-testid="selected-check" /> : null}
                  </Group>
                </Combobox.Option>
              );
            })
          ) : (
            <Combobox.Empty>{nothingFoundText ?? t('select.noOptions')}</Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
