import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Avatar,
  Button,
  Card,
  FileButton,
  Group,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { initials } from '@portal/contracts/formatters';
import { LOCALES, THEMES, type Locale, type Theme } from '@portal/contracts/preferences';
import { AVATAR_UPLOAD_TYPES, type Profile } from '@portal/contracts/profile';
import { LoadingPlaceholder } from '../../../components/loading-placeholder/loading-placeholder';
import { ProfileTabs } from '../../../components/profile-tabs/profile-tabs';
import { useLanguageChoice, useThemeChoice } from '../../../stores/preferences';
import { LoadFailedAlert } from '../../../components/query-view/query-view';
import { LANGUAGE_NAMES, useText } from '../../../i18n/i18n';
import { isHttpError } from '../../../lib/http';
import { notifySuccess } from '../../../lib/notify';
import { ROUTES } from '../../../lib/paths';
import { deviceTimeZone } from '../../../i18n/time-zone';
import { fieldErrorsOf, submitErrorMessage } from '../../../lib/use-zod-form';
import { useProfile, useRemoveAvatar, useRequestEmailChange, useUpdateProfile, useUploadAvatar } from '../api/profile-api';

const THEME_LABELS = { light: 'shell.themeLight', dark: 'shell.themeDark', system: 'shell.themeSystem' } as const;

function timeZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return supported.length > 0 ? supported : ['UTC'];
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  // Not derived from the title: Arabic titles have no \w characters, and all five sections got one id (issue 34).
  const id = `profile-section-${useId()}`;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** `/profile`: personal details (photo, name, language, time zone, theme), the e-mail change and a link to the password. */
export function ProfilePage() {
  const t = useText('profile');
  const shared = useText('shared');
  const profile = useProfile();

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <ProfileTabs />
      {profile.isPending ? (
        <LoadingPlaceholder label={t('loading')}>
          <Stack gap="md">
            <Skeleton h={120} radius="md" />
            <Skeleton h={180} radius="md" />
          </Stack>
        </LoadingPlaceholder>
      ) : profile.isError ? (
        <LoadFailedAlert title={t('loadFailed')} message={shared('errors.checkConnection')} retryLabel={shared('errors.tryAgain')} onRetry={() => void profile.refetch()} retrying={profile.isFetching} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <AvatarSection profile={profile.data} />
          <NameSection profile={profile.data} />
          <DisplaySection profile={profile.data} />
          <EmailSection profile={profile.data} />
          <Section title={t('passwordSection')}>
            <Text size="sm" c="dimmed">
              {t('passwordHint')}
            </Text>
            <Group>
              <Button component={Link} to={ROUTES['update-password']} variant="light">
                {t('changePassword')}
              </Button>
            </Group>
          </Section>
        </SimpleGrid>
      )}
    </Stack>
  );
}

function AvatarSection({ profile }: { profile: Profile }) {
  const t = useText('profile');
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const [error, setError] = useState<string | null>(null);
  const name = `${profile.first_name} ${profile.last_name}`.trim();

  const choose = (file: File | null) => {
    if (!file) return;
    setError(null);
    upload.mutate(file, {
      onSuccess: () => notifySuccess(t('saved'), t('avatarUploaded')),
      onError: (failure) => setError(fieldErrorsOf(failure)?.avatar ?? submitErrorMessage(failure, t('saveFailed'))),
    });
  };

  return (
    <Section title={t('avatarSection')}>
      <Group gap="md" wrap="nowrap" align="center">
        <Avatar src={profile.avatar_url} alt={t('avatarAlt')} size={96} radius={96} color="teal">
          {initials(name)}
        </Avatar>
        <Stack gap="xs">
          <Group gap="xs">
            <FileButton onChange={choose} accept={AVATAR_UPLOAD_TYPES.join(',')}>
              {(props) => (
                <Button {...props} loading={upload.isPending} size="sm">
                  {profile.avatar_url ? t('replaceAvatar') : t('uploadAvatar')}
                </Button>
              )}
            </FileButton>
            {profile.avatar_url ? (
              <Button
                variant="subtle"
                color="red"
                size="sm"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => notifySuccess(t('saved'), t('avatarRemoved')),
                    onError: (failure) => setError(submitErrorMessage(failure, t('saveFailed'))),
                  })
                }
              >
                {t('removeAvatar')}
              </Button>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {t('avatarHint')}
          </Text>
        </Stack>
      </Group>
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
    </Section>
  );
}

function NameSection({ profile }: { profile: Profile }) {
  const t = useText('profile');
  const update = useUpdateProfile();
  const [first, setFirst] = useState(profile.first_name);
  const [last, setLast] = useState(profile.last_name);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    update.mutate(
      { first_name: first, last_name: last },
      {
        onSuccess: () => notifySuccess(t('saved'), t('nameSection')),
        onError: (failure) => setErrors(fieldErrorsOf(failure) ?? { form: submitErrorMessage(failure, t('saveFailed')) }),
      },
    );
  };

  return (
    <Section title={t('nameSection')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('firstName')} value={first} onChange={(event) => setFirst(event.currentTarget.value)} error={errors.first_name} required maxLength={100} autoComplete="given-name" />
          <TextInput label={t('lastName')} value={last} onChange={(event) => setLast(event.currentTarget.value)} error={errors.last_name} required maxLength={100} autoComplete="family-name" />
          {errors.form ? (
            <Alert color="red" variant="light" role="alert">
              {errors.form}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={update.isPending}>
              {t('saveName')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

function DisplaySection({ profile }: { profile: Profile }) {
  const t = useText('profile');
  const shared = useText('shared');
  const language = useLanguageChoice();
  const theme = useThemeChoice();
  const update = useUpdateProfile();
  const [zone, setZone] = useState(profile.time_zone ?? '');
  const [error, setError] = useState<string | null>(null);
  const device = deviceTimeZone();
  const zoneOptions = useMemo(() => [{ value: '', label: t('timeZoneDevice', { zone: device }) }, ...timeZones().map((value) => ({ value, label: value }))], [t, device]);

  const saveZone = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    update.mutate(
      { time_zone: zone === '' ? null : zone },
      {
        onSuccess: () => notifySuccess(t('saved'), t('timeZone')),
        onError: (failure) => setError(fieldErrorsOf(failure)?.time_zone ?? submitErrorMessage(failure, t('saveFailed'))),
      },
    );
  };

  return (
    <Section title={t('displaySection')}>
      <Select
        label={t('language')}
        data={LOCALES.map((locale) => ({ value: locale, label: LANGUAGE_NAMES[locale] }))}
        value={language.locale}
        onChange={(value) => value && void language.choose(value as Locale)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <div>
        <Text size="sm" fw={500} id="profile-theme-label" mb={4}>
          {t('theme')}
        </Text>
        <SegmentedControl
          aria-labelledby="profile-theme-label"
          fullWidth
          value={theme.theme}
          onChange={(value) => void theme.choose(value as Theme)}
          data={THEMES.map((option) => ({ value: option, label: shared(THEME_LABELS[option]) }))}
        />
      </div>
      <form onSubmit={saveZone} noValidate>
        <Stack gap="xs">
          <Select
            label={t('timeZone')}
            description={t('timeZoneHint')}
            data={zoneOptions}
            value={zone}
            onChange={(value) => setZone(value ?? '')}
            searchable
            allowDeselect={false}
            error={error}
            nothingFoundMessage={shared('select.noOptions')}
            comboboxProps={{ withinPortal: true }}
          />
          <Group>
            <Button type="submit" variant="light" loading={update.isPending}>
              {t('saveTimeZone')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

function EmailSection({ profile }: { profile: Profile }) {
  const t = useText('profile');
  const request = useRequestEmailChange();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setSentTo(null);
    request.mutate(
      { email, current_password: password },
      {
        onSuccess: (answer) => {
          setSentTo(answer.pending_email);
          setEmail('');
          setPassword('');
        },
        onError: (failure) =>
          setErrors(
            fieldErrorsOf(failure) ?? { form: isHttpError(failure, 429) ? t('emailThrottled') : submitErrorMessage(failure, t('saveFailed')) },
          ),
      },
    );
  };

  const pending = sentTo ?? profile.pending_email;
  return (
    <Section title={t('emailSection')}>
      <Text size="sm">{t('currentEmail', { email: profile.email })}</Text>
      <div aria-live="polite">
        {pending ? (
          <Alert color="blue" variant="light">
            {sentTo ? t('emailRequested', { email: sentTo }) : t('pendingEmail', { email: pending })}
          </Alert>
        ) : null}
      </div>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput type="email" label={t('newEmail')} value={email} onChange={(event) => setEmail(event.currentTarget.value)} error={errors.email} required autoComplete="email" />
          <PasswordInput
            label={t('currentPassword')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={errors.current_password}
            required
            autoComplete="current-password"
          />
          {errors.form ? (
            <Alert color="red" variant="light" role="alert">
              {errors.form}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={request.isPending}>
              {t('changeEmail')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
