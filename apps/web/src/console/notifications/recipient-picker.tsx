import { useState } from 'react';
import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useText } from '../../i18n/i18n';
import { useAgentChoices, usePartnerChoices } from './notifications-api';

export interface ChosenRecipient {
  id: number;
  label: string;
}

interface RecipientPickerProps {
  kind: 'partner' | 'agent';
  value: ChosenRecipient | null;
  onChange: (value: ChosenRecipient | null) => void;
  error?: string | undefined;
}

/** Waits for the typing to pause before asking the server. */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * A partner or a referral agent, found by what the operator types (the server searches every agent's partners, so
 * the list is never loaded whole): an editable combobox whose options are the best matches. While closed it shows the
 * chosen one; typing again searches afresh.
 */
export function RecipientPicker({ kind, value, onChange, error }: RecipientPickerProps) {
  const t = useText('console-notifications');
  const [search, setSearch] = useState<string | null>(null);
  const combobox = useCombobox({ onDropdownClose: () => setSearch(null) });
  const [debounced] = useDebouncedValue((search ?? '').trim(), SEARCH_DEBOUNCE_MS);
  const opened = combobox.dropdownOpened;
  const partners = usePartnerChoices(debounced, kind === 'partner' && opened);
  const agents = useAgentChoices(debounced, kind === 'agent' && opened);
  const choices =
    kind === 'partner'
      ? (partners.data?.data ?? []).map((partner) => ({ id: partner.id, label: partner.name, detail: [partner.email, partner.referral_agent].join(' · ') }))
      : (agents.data?.data ?? []).map((agent) => ({ id: agent.id, label: agent.name, detail: t('approvedPartners', { count: agent.partners }) }));
  const query = kind === 'partner' ? partners : agents;

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const chosen = choices.find((choice) => String(choice.id) === id);
        if (chosen) onChange({ id: chosen.id, label: chosen.label });
        setSearch(null);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target withExpandedAttribute targetType="input" autoComplete="off">
        <TextInput
          label={t(kind)}
          placeholder={t(kind === 'partner' ? 'partnerPlaceholder' : 'agentPlaceholder')}
          required
          aria-autocomplete="list"
          value={search ?? value?.label ?? ''}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            combobox.openDropdown('keyboard');
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown('mouse')}
          onBlur={() => combobox.closeDropdown()}
          error={error}
          errorProps={{ role: 'alert' }}
          /* The list below says "Searching…" when it has nothing yet; the spinner only shows it. */
          rightSection={query.isFetching ? <Loader size={14} aria-hidden="true" /> : null}
          aria-busy={query.isFetching}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        {/* The listbox only holds options (axe aria-required-children): a search with none says so beside it. */}
        {query.isError || choices.length === 0 ? (
          <Combobox.Empty role="status">{query.isError ? t('searchFailed') : query.isPending || query.isFetching ? t('searching') : t('noMatch')}</Combobox.Empty>
        ) : (
          <Combobox.Options aria-label={t(kind)} mah={280} style={{ overflowY: 'auto' }}>
            {choices.map((choice) => (
              <Combobox.Option key={choice.id} value={String(choice.id)} active={choice.id === value?.id} aria-selected={choice.id === value?.id}>
                <Group gap={2} wrap="nowrap" style={{ flexDirection: 'column', alignItems: 'flex-start' }}>
                  <Text size="sm" fw={500}>
                    {choice.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {choice.detail}
                  </Text>
                </Group>
              </Combobox.Option>
            ))}
          </Combobox.Options>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}
