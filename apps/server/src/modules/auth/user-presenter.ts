import type { User } from '@portal/contracts/auth';
import type { PartnerRole } from '@portal/contracts/partner-roles';
import type { Locale, Theme } from '@portal/contracts/preferences';

/** The row findPresentableUser reads: only what may be shown, never a hash or a secret. */
export interface PresentableUserRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  password_updated_check: boolean;
  first_login: boolean;
  two_factor_enabled: boolean;
  locale: Locale;
  theme: Theme;
  time_zone: string | null;
  partner_type_name: string;
  partner_industry_name: string | null;
  referral_agent_id: number;
  referral_agent_name: string;
  referral_agent_logo: string | null;
  referral_group_slug: string;
  referral_group_name: string;
  organisation: string | null;
  role: PartnerRole;
}

/** Maps a row to the contracts' userSchema (GET /api/user and every sign-in answer). */
export function presentUser(row: PresentableUserRow): User {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    phone: row.phone,
    password_updated_check: row.password_updated_check,
    first_login: row.first_login,
    two_factor_enabled: row.two_factor_enabled,
    locale: row.locale,
    theme: row.theme,
    time_zone: row.time_zone,
    partner_profile: {
      partner_type: { name: row.partner_type_name },
      partner_industry: row.partner_industry_name === null ? null : { name: row.partner_industry_name },
      referral_agent: {
        id: row.referral_agent_id,
        name: row.referral_agent_name,
        logo: row.referral_agent_logo,
        referral_group: { slug: row.referral_group_slug, name: row.referral_group_name },
      },
      organisation: row.organisation,
      role: row.role,
    },
  };
}
