import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AVATAR_UPLOAD_CONTENT_TYPE,
  NOTIFICATION_PREFERENCES_URL,
  PROFILE_AVATAR_URL,
  PROFILE_EMAIL_CONFIRM_URL,
  PROFILE_EMAIL_URL,
  PROFILE_URL,
  emailChangedSchema,
  emailChangeRequestedSchema,
  notificationPreferencesSchema,
  profileSchema,
  type EmailChangeRequest,
  type NotificationPreferences,
  type Profile,
  type UpdateNotificationPreferencesRequest,
  type UpdateProfileRequest,
} from '@portal/contracts/profile';
import { http } from '../../../lib/http';
import { profileQueryKey } from '../../../stores/profile-query';
import { useAuthStore } from '../../../stores/auth-store';

export { useProfile } from '../../../stores/profile-query';

/** After a saved change: the profile everywhere (header avatar), and the signed-in user's name in the header. */
function useProfileSaved() {
  const queryClient = useQueryClient();
  return (profile: Profile) => {
    const { user, setUser } = useAuthStore.getState();
    queryClient.setQueryData(profileQueryKey(user?.id), profile);
    if (user && (user.first_name !== profile.first_name || user.last_name !== profile.last_name || user.time_zone !== profile.time_zone)) {
      // The header's name and the zone every time is shown in (use-preferences-sync follows the user's time_zone).
      setUser({
        ...user,
        first_name: profile.first_name,
        last_name: profile.last_name,
        name: `${profile.first_name} ${profile.last_name}`.trim(),
        time_zone: profile.time_zone,
      });
    }
  };
}

export function useUpdateProfile() {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => http.patch(PROFILE_URL, body, { schema: profileSchema }),
    onSuccess: saved,
  });
}

export function useUploadAvatar() {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: (file: File) =>
      http.put(PROFILE_AVATAR_URL, file, { schema: profileSchema, headers: { 'Content-Type': AVATAR_UPLOAD_CONTENT_TYPE } }),
    onSuccess: saved,
  });
}

export function useRemoveAvatar() {
  const saved = useProfileSaved();
  return useMutation({ mutationFn: () => http.delete(PROFILE_AVATAR_URL, { schema: profileSchema }), onSuccess: saved });
}

export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailChangeRequest) => http.post(PROFILE_EMAIL_URL, body, { schema: emailChangeRequestedSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey(useAuthStore.getState().user?.id) }),
  });
}

export function confirmEmailChange(token: string) {
  return http.post(PROFILE_EMAIL_CONFIRM_URL, { token }, { schema: emailChangedSchema });
}

function preferencesKey() {
  return ['profile', 'notification-preferences', useAuthStore.getState().user?.id ?? 0] as const;
}

export function useNotificationPreferences() {
  return useQuery({ queryKey: preferencesKey(), queryFn: () => http.get(NOTIFICATION_PREFERENCES_URL, { schema: notificationPreferencesSchema }) });
}

type PreferenceCell = NotificationPreferences['preferences'][number];
type PreferenceChoice = UpdateNotificationPreferencesRequest['preferences'][number];

/** The grid with these cells' `enabled` set, every other cell as it is. */
function withCells(grid: NotificationPreferences, cells: readonly Pick<PreferenceCell, 'event' | 'channel' | 'enabled'>[]): NotificationPreferences {
  return {
    preferences: grid.preferences.map((cell) => {
      const match = cells.find((candidate) => candidate.event === cell.event && candidate.channel === cell.channel);
      return match ? { ...cell, enabled: match.enabled } : cell;
    }),
  };
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNotificationPreferencesRequest) => http.put(NOTIFICATION_PREFERENCES_URL, body, { schema: notificationPreferencesSchema }),
    // The checkbox follows the click at once. Each save touches only its own cells, in every outcome: quick clicks on
    // several cells are several saves in flight, and one that fails must not undo another that succeeded (review
    // finding 12: restoring the whole grid as it was before the failed save did).
    onMutate: async (body: UpdateNotificationPreferencesRequest) => {
      const key = preferencesKey();
      // A load still under way would overwrite the click with the grid as it was.
      await queryClient.cancelQueries({ queryKey: key });
      const current = queryClient.getQueryData<NotificationPreferences>(key);
      const before: PreferenceChoice[] = [];
      if (current) {
        for (const choice of body.preferences) {
          const cell = current.preferences.find((candidate) => candidate.event === choice.event && candidate.channel === choice.channel);
          if (cell) before.push({ event: cell.event, channel: cell.channel, enabled: cell.enabled });
        }
        queryClient.setQueryData<NotificationPreferences>(key, withCells(current, body.preferences));
      }
      return { before };
    },
    // A refused save puts back its own cells only, and only where no later click changed them since.
    onError: (_error, body, saved) => {
      const current = queryClient.getQueryData<NotificationPreferences>(preferencesKey());
      if (!current || !saved) return;
      const untouched = saved.before.filter((previous) => {
        const choice = body.preferences.find((candidate) => candidate.event === previous.event && candidate.channel === previous.channel);
        const cell = current.preferences.find((candidate) => candidate.event === previous.event && candidate.channel === previous.channel);
        return choice !== undefined && cell?.enabled === choice.enabled;
      });
      queryClient.setQueryData<NotificationPreferences>(preferencesKey(), withCells(current, untouched));
    },
    // The server's answer for the cells this save changed; the others may have saves of their own still in flight.
    onSuccess: (answer: NotificationPreferences, body) => {
      const current = queryClient.getQueryData<NotificationPreferences>(preferencesKey());
      if (!current) return queryClient.setQueryData(preferencesKey(), answer);
      // Where no later click changed the cell since (its own save then decides).
      const mine = answer.preferences.filter((cell) => {
        const choice = body.preferences.find((candidate) => candidate.event === cell.event && candidate.channel === cell.channel);
        const shown = current.preferences.find((candidate) => candidate.event === cell.event && candidate.channel === cell.channel);
        return choice !== undefined && shown?.enabled === choice.enabled;
      });
      return queryClient.setQueryData<NotificationPreferences>(preferencesKey(), withCells(current, mine));
    },
  });
}
