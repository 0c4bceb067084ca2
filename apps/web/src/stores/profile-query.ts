/**
 * GET /api/profile, shared by the profile area and the header's avatar (app/layout/user-menu.tsx): one query key per
 * signed-in user, so an upload on the profile page shows in the header at once and another person signing in on the
 * same tab never sees the previous one's. Only fetched while someone is signed in.
 */
import { useQuery } from '@tanstack/react-query';
import { PROFILE_URL, profileSchema, type Profile } from '@portal/contracts/profile';
import { useAuthStore } from './auth-store';
import { http } from '../lib/http';

export function profileQueryKey(userId: number | undefined) {
  return ['profile', userId ?? 0] as const;
}

export function getProfile(): Promise<Profile> {
  return http.get(PROFILE_URL, { schema: profileSchema });
}

/** The signed-in person's profile (disabled while signed out). */
export function useProfile() {
  const userId = useAuthStore((state) => state.user?.id);
  return useQuery({ queryKey: profileQueryKey(userId), queryFn: getProfile, staleTime: 60_000, enabled: userId !== undefined });
}
