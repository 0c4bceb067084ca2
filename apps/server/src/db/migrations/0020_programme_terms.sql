-- Programme terms (issue 15): the tiers, the rate card and the agreements a partner's commission depends on. One
-- migration lays the tables the three modules share (partner-tiers, commission-rates, agreements); each module adds
-- its own columns and indexes later in a migration of its own. See docs/programme-terms.md for the model.
--
-- Money: integer minor units (bigint) with an ISO 4217 currency, never a float; rates in basis points (1 % = 100).

-- The currency a facility bills in. A rate card row of a facility pays in it. Back-filled from what the facility's
-- services are priced in (the most frequent currency), which is what the demo and every existing row use.
ALTER TABLE facilities ADD COLUMN currency char(3) CHECK (currency ~ '^[A-Z]{3}$');
UPDATE facilities f
   SET currency = (SELECT d.currency FROM facility_service_details d WHERE d.facility_id = f.id
                    GROUP BY d.currency ORDER BY count(*) DESC, d.currency LIMIT 1);
UPDATE facilities SET currency = 'USD' WHERE currency IS NULL;
ALTER TABLE facilities ALTER COLUMN currency SET DEFAULT 'USD', ALTER COLUMN currency SET NOT NULL;

-- Tiers, in order (rank 1 is the entry tier). Benefits are operator-written text in both languages.
CREATE TABLE partner_tiers (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9-]{1,40}$'),
  name text NOT NULL,
  name_ar text NOT NULL,
  rank integer NOT NULL UNIQUE CHECK (rank >= 1),
  benefits text NOT NULL DEFAULT '',
  benefits_ar text NOT NULL DEFAULT '',
  -- The evaluation period the criteria are measured over.
  evaluation_period text NOT NULL DEFAULT 'quarter' CHECK (evaluation_period IN ('month', 'quarter', 'year')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- What reaching a tier takes; every criterion of a tier must be met. One row per criterion.
CREATE TABLE partner_tier_criteria (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tier_id integer NOT NULL REFERENCES partner_tiers(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('completed_bookings', 'completed_value', 'active_certificate')),
  -- completed_bookings: how many; completed_value: an amount in minor units of `currency` (the reference currency);
  -- active_certificate: the programme's key (certification comes in a later issue).
  threshold_count integer CHECK (threshold_count >= 0),
  threshold_minor bigint CHECK (threshold_minor >= 0),
  currency char(3) CHECK (currency ~ '^[A-Z]{3}$'),
  certificate_programme text,
  CHECK (
    (kind = 'completed_bookings' AND threshold_count IS NOT NULL AND threshold_minor IS NULL AND certificate_programme IS NULL)
    OR (kind = 'completed_value' AND threshold_minor IS NOT NULL AND currency IS NOT NULL AND threshold_count IS NULL AND certificate_programme IS NULL)
    OR (kind = 'active_certificate' AND certificate_programme IS NOT NULL AND threshold_count IS NULL AND threshold_minor IS NULL)
  ),
  UNIQUE (tier_id, kind)
);

-- Each referral agent's tier now. A frozen tier is not moved by the evaluation job. A pending demotion carries the
-- tier it will fall to and when (the end of a period, at least 30 days after the notice).
CREATE TABLE agent_tiers (
  referral_agent_id integer PRIMARY KEY REFERENCES referral_agents(id) ON DELETE CASCADE,
  tier_id integer NOT NULL REFERENCES partner_tiers(id),
  since timestamptz NOT NULL DEFAULT now(),
  frozen boolean NOT NULL DEFAULT false,
  frozen_reason text,
  demotion_tier_id integer REFERENCES partner_tiers(id),
  demotion_noticed_at timestamptz,
  demotion_effective_at timestamptz,
  evaluated_at timestamptz,
  CHECK ((demotion_tier_id IS NULL) = (demotion_effective_at IS NULL))
);
CREATE INDEX agent_tiers_tier ON agent_tiers (tier_id);

-- Every change of an agent's tier, and every demotion notice: automatic (the job) or manual (an operator, with a
-- reason). Append-only, like the audit log.
CREATE TABLE agent_tier_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  referral_agent_id integer NOT NULL REFERENCES referral_agents(id) ON DELETE CASCADE,
  from_tier_id integer REFERENCES partner_tiers(id),
  to_tier_id integer NOT NULL REFERENCES partner_tiers(id),
  kind text NOT NULL CHECK (kind IN ('initial', 'promotion', 'demotion', 'demotion_notice', 'manual', 'freeze', 'unfreeze')),
  automatic boolean NOT NULL,
  reason text,
  operator_id integer REFERENCES operators(id) ON DELETE SET NULL,
  effective_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX agent_tier_history_agent ON agent_tier_history (referral_agent_id, effective_at DESC, id DESC);

-- Agreements: templates operators publish, in versions of a family (`key`). An individual contract is an agreement
-- of kind 'individual' for one agent: its negotiated rates are rows of commission_rates that name it.
CREATE TABLE agreements (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL DEFAULT 'template' CHECK (kind IN ('template', 'individual')),
  key text NOT NULL CHECK (key ~ '^[a-z0-9-]{1,60}$'),
  version integer NOT NULL CHECK (version >= 1),
  title text NOT NULL,
  -- Markdown as the operator wrote it; sanitised when rendered, and what is signed is the text as shown.
  body_markdown text NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'withdrawn')),
  mandatory boolean NOT NULL DEFAULT false,
  effective_at timestamptz NOT NULL,
  -- An individual contract's end; templates end when superseded.
  expires_at timestamptz,
  -- Whom a template applies to: empty arrays mean everyone.
  partner_type_ids integer[] NOT NULL DEFAULT '{}',
  referral_group_ids integer[] NOT NULL DEFAULT '{}',
  -- Only for kind 'individual'.
  referral_agent_id integer REFERENCES referral_agents(id) ON DELETE CASCADE,
  -- The rate schedule in force when published, as shown to the signer (commission-rates' effective rows).
  rate_schedule jsonb NOT NULL DEFAULT '[]',
  published_at timestamptz,
  published_by_operator_id integer REFERENCES operators(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (key, version),
  CHECK ((kind = 'individual') = (referral_agent_id IS NOT NULL))
);
CREATE INDEX agreements_agent ON agreements (referral_agent_id) WHERE referral_agent_id IS NOT NULL;

-- Signatures: a simple electronic signature (ESIGN, eIDAS). Append-only: a trigger refuses UPDATE and DELETE.
CREATE TABLE agreement_acceptances (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  agreement_id integer NOT NULL REFERENCES agreements(id),
  referral_agent_id integer NOT NULL REFERENCES referral_agents(id),
  user_id integer NOT NULL REFERENCES users(id),
  signer_name text NOT NULL,
  consent_text text NOT NULL,
  -- SHA-256 (hex) of the exact text shown to the signer.
  text_sha256 char(64) NOT NULL CHECK (text_sha256 ~ '^[0-9a-f]{64}$'),
  ip text NOT NULL,
  user_agent text NOT NULL,
  -- The optional drawn signature and the signed PDF, through the storage service (JSON as StoredFile).
  drawing jsonb,
  signed_pdf jsonb,
  signed_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (agreement_id, referral_agent_id)
);
CREATE INDEX agreement_acceptances_agent ON agreement_acceptances (referral_agent_id, signed_at DESC);

CREATE FUNCTION agreement_acceptances_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'agreement acceptances are append-only' USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER agreement_acceptances_append_only BEFORE UPDATE OR DELETE ON agreement_acceptances
  FOR EACH ROW EXECUTE FUNCTION agreement_acceptances_append_only();

-- The rate card. Each row: facility (or all) × service or specialty (or all) × tier (or all), for everyone, or for
-- one agent when its individual contract overrides the card. The most specific row in force on the booking's date
-- wins (commission-rates' resolver; the rule is in docs/programme-terms.md and tested as a table).
CREATE TABLE commission_rates (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  facility_id integer REFERENCES facilities(id) ON DELETE CASCADE,
  service_id integer REFERENCES services(id),
  specialty_id integer REFERENCES specialties(id),
  tier_id integer REFERENCES partner_tiers(id),
  referral_agent_id integer REFERENCES referral_agents(id) ON DELETE CASCADE,
  agreement_id integer REFERENCES agreements(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('percentage', 'flat')),
  basis_points integer CHECK (basis_points BETWEEN 0 AND 10000),
  amount_minor bigint CHECK (amount_minor >= 0),
  -- The facility's currency for a facility's row; a flat row for all facilities names its own.
  currency char(3) CHECK (currency ~ '^[A-Z]{3}$'),
  base_description text NOT NULL,
  base_description_ar text NOT NULL,
  refund_window_days integer NOT NULL CHECK (refund_window_days BETWEEN 0 AND 365),
  -- valid_from inclusive, valid_to exclusive (NULL: open-ended), as calendar dates.
  valid_from date NOT NULL,
  valid_to date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'percentage' AND basis_points IS NOT NULL AND amount_minor IS NULL)
      OR (kind = 'flat' AND amount_minor IS NOT NULL AND basis_points IS NULL AND currency IS NOT NULL)),
  CHECK (service_id IS NULL OR specialty_id IS NULL),
  CHECK (valid_to IS NULL OR valid_to > valid_from),
  -- An override belongs to one agent through its individual contract.
  CHECK ((agreement_id IS NULL) = (referral_agent_id IS NULL))
);
CREATE INDEX commission_rates_facility ON commission_rates (facility_id, valid_from);
CREATE INDEX commission_rates_agent ON commission_rates (referral_agent_id) WHERE referral_agent_id IS NOT NULL;
