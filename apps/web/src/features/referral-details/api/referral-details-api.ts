import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  REFERRAL_CODES_URL,
  REFERRAL_DETAILS_URL,
  REFERRAL_MEMBER_FIGURES_URL,
  REFERRAL_REGENERATE_URL,
  referralCodeResolutionSchema,
  referralDetailsSchema,
  referralMemberFiguresSchema,
  type ReferralCodeResolution,
  type ReferralDetails,
  type ReferralMemberFigures,
} from '@portal/contracts/referral-details';
import { http } from '../../../lib/http';

export const referralKeys = {
  details: () => ['referral-details'] as const,
  figures: (timeZone: string) => ['referral-details', 'members', timeZone] as const,
  resolution: (code: string) => ['referral-codes', code] as const,
};

/** GET /api/referral-details: the agent, the partner's code (made on the first visit), link and retired codes. */
export function getReferralDetails(signal?: AbortSignal): Promise<ReferralDetails> {
  return http.get(REFERRAL_DETAILS_URL, { schema: referralDetailsSchema, signal });
}

export function useReferralDetails() {
  return useQuery(queryOptions({ queryKey: referralKeys.details(), queryFn: ({ signal }) => getReferralDetails(signal) }));
}

/** POST /api/referral-details/regenerate → the details with the new code. */
export function regenerateReferralCode(): Promise<ReferralDetails> {
  return http.post(REFERRAL_REGENERATE_URL, undefined, { schema: referralDetailsSchema });
}

export function useRegenerateReferralCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateReferralCode,
    onSuccess: (details) => queryClient.setQueryData(referralKeys.details(), details),
  });
}

/** GET /api/referral-details/members?timezone=…: each member's figures (team.read only). */
export function getReferralMemberFigures(timeZone: string, signal?: AbortSignal): Promise<ReferralMemberFigures> {
  return http.get(REFERRAL_MEMBER_FIGURES_URL, { schema: referralMemberFiguresSchema, query: { timezone: timeZone }, signal });
}

export function useReferralMemberFigures(timeZone: string, enabled: boolean) {
  return useQuery({ queryKey: referralKeys.figures(timeZone), queryFn: ({ signal }) => getReferralMemberFigures(timeZone, signal), enabled });
}

/** GET /api/referral-codes/:code (public): the agent's name, or a 404 for a code that does not work. */
export function resolveReferralCode(code: string, signal?: AbortSignal): Promise<ReferralCodeResolution> {
  return http.get(`${REFERRAL_CODES_URL}/${encodeURIComponent(code)}`, { schema: referralCodeResolutionSchema, signal });
}

export function useReferralCodeResolution(code: string) {
  return useQuery({ queryKey: referralKeys.resolution(code), queryFn: ({ signal }) => resolveReferralCode(code, signal), retry: false });
}
