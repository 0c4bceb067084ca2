-- Foundation: partners, their organisations (referral agents), sessions and the auth flows.
CREATE TABLE referral_groups (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL
);

CREATE TABLE referral_agents (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  logo text,
  referral_group_id integer NOT NULL REFERENCES referral_groups(id),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE partner_types (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE
);

CREATE TABLE partner_industries (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE
);

CREATE TABLE users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  phone text,
  password_hash text NOT NULL,
  -- pending until an operator approves the registration; rejected accounts cannot sign in.
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  password_updated_check boolean NOT NULL DEFAULT true,
  first_login boolean NOT NULL DEFAULT true,
  password_changed_at timestamptz NOT NULL DEFAULT now(),
  -- AES-256-GCM with APP_KEY; null when two-factor is off.
  two_factor_secret text,
  two_factor_confirmed_at timestamptz,
  -- the last TOTP time step accepted, so that a code works once.
  two_factor_last_step bigint,
  approved_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_unique ON users (lower(email));

CREATE TABLE partner_profiles (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  partner_type_id integer NOT NULL REFERENCES partner_types(id),
  partner_industry_id integer REFERENCES partner_industries(id),
  referral_agent_id integer NOT NULL REFERENCES referral_agents(id),
  organisation text
);
CREATE INDEX partner_profiles_referral_agent ON partner_profiles (referral_agent_id);

CREATE TABLE two_factor_recovery_codes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- sha256 of the code: codes are 20 random characters, so a fast hash is enough (ASVS 6.5.2).
  code_hash text NOT NULL,
  used_at timestamptz
);
CREATE INDEX two_factor_recovery_codes_user ON two_factor_recovery_codes (user_id);

CREATE TABLE sessions (
  -- sha256 of the cookie's token: a copy of this table does not hand out live sessions.
  id text PRIMARY KEY,
  user_id integer REFERENCES users(id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  remember boolean NOT NULL DEFAULT false,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_activity_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  reset_at timestamptz NOT NULL
);

CREATE TABLE password_reset_tokens (
  email text PRIMARY KEY,
  token_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One-time sign-in links: sent on approval and to invited team members (/authenticate).
CREATE TABLE login_links (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  purpose text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
