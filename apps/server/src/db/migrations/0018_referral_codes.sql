-- Referral details (issue 17): each partner's personal referral code, what links, posters and booking requests
-- carry. Codes are random (8 characters of an unambiguous alphabet, never derived from an id) and unique for ever:
-- a retired code is never handed out again. Regenerating retires the current code (retired_at) and adds a new one;
-- a retired code still resolves for 30 days (docs/referral-details.md).
CREATE TABLE referral_codes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL CONSTRAINT referral_codes_code_unique UNIQUE
    CONSTRAINT referral_codes_code_format CHECK (code ~ '^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$'),
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  retired_at timestamptz
);
-- One current code per person; the first visit and a regeneration race on it safely (ON CONFLICT / the row lock).
CREATE UNIQUE INDEX referral_codes_current ON referral_codes (user_id) WHERE retired_at IS NULL;
-- A person's codes, newest first (the page's and the console's "previous codes").
CREATE INDEX referral_codes_user ON referral_codes (user_id, created_at DESC);
