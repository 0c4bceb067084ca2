-- The commission ledger (issue 16, docs/earnings.md): one line per completed booking, priced by the rate card row in
-- force and kept as it was priced; clawbacks as negative lines; payouts gathering approved lines. Money is integer
-- minor units (bigint) with its ISO 4217 currency, never a float, never converted.

-- A payout: one agent, one currency, the approved lines (and clawbacks) it gathered. Built by the payout run; the
-- console's finance operators send it and mark it paid or failed.
CREATE TABLE payouts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  referral_agent_id integer NOT NULL REFERENCES referral_agents(id),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  lines integer NOT NULL CHECK (lines > 0),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'sent', 'paid', 'failed')),
  -- the self-billing statement's sequential number, given when the payout is paid: 'SB-2026-000123'
  statement_number text UNIQUE,
  failure_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  paid_at timestamptz,
  failed_at timestamptz,
  CHECK ((status = 'failed') = (failure_reason IS NOT NULL))
);
CREATE INDEX payouts_agent ON payouts (referral_agent_id, created_at DESC, id DESC);
CREATE INDEX payouts_status ON payouts (status, created_at DESC) WHERE status IN ('draft', 'sent', 'failed');

CREATE TABLE commission_lines (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- a commission earned on a completed booking, or the clawback of one refunded after it was paid (negative)
  kind text NOT NULL CHECK (kind IN ('commission', 'clawback')),
  referral_agent_id integer NOT NULL REFERENCES referral_agents(id),
  -- the member who referred the booking: an agent-role member sees only their own lines (referralScope)
  referred_by_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  booking_id integer NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
  facility_id integer NOT NULL REFERENCES facilities(id),
  service_id integer REFERENCES services(id),
  -- the appointment's day, and the day the line was earned (the booking completed, or the clawback recorded)
  treatment_on date NOT NULL,
  earned_on date NOT NULL,
  -- what the rate applied to: the booking's amount, in its currency
  base_minor bigint NOT NULL CHECK (base_minor >= 0),
  base_currency char(3) NOT NULL CHECK (base_currency ~ '^[A-Z]{3}$'),
  -- the rate card row that priced it, as it was then (kind, basis points or amount, refund window, what it covered):
  -- kept even when the card changes or the row is deleted, so no foreign key
  rate_id integer,
  rate jsonb NOT NULL,
  -- the agreement the agent had signed when the line was earned
  agreement_id integer REFERENCES agreements(id),
  agreement_key text,
  agreement_version integer,
  amount_minor bigint NOT NULL,
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'in_payout', 'paid', 'reversed')),
  -- the end of the refund window: approved by the daily run from that day, unless held
  payable_on date NOT NULL,
  -- why a line past its window is still pending
  held_reason text CHECK (held_reason IN ('agreement_unsigned')),
  reversal_reason text,
  clawback_of bigint REFERENCES commission_lines(id),
  payout_id bigint REFERENCES payouts(id),
  approved_at timestamptz,
  reversed_at timestamptz,
  paid_on date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'clawback') = (clawback_of IS NOT NULL)),
  CHECK ((kind = 'commission' AND amount_minor >= 0) OR (kind = 'clawback' AND amount_minor <= 0)),
  CHECK ((status = 'reversed') = (reversal_reason IS NOT NULL)),
  CHECK ((status = 'paid') = (paid_on IS NOT NULL)),
  CHECK ((status IN ('in_payout', 'paid')) = (payout_id IS NOT NULL))
);
-- Idempotency: one commission per booking, one clawback per commission, whatever runs twice.
CREATE UNIQUE INDEX commission_lines_one_per_booking ON commission_lines (booking_id) WHERE kind = 'commission';
CREATE UNIQUE INDEX commission_lines_one_clawback ON commission_lines (clawback_of) WHERE kind = 'clawback';
-- The partner's list (newest treatment first), with the member for the own scope, and by status.
CREATE INDEX commission_lines_agent_treatment ON commission_lines (referral_agent_id, treatment_on DESC, id DESC);
CREATE INDEX commission_lines_member_treatment ON commission_lines (referral_agent_id, referred_by_user_id, treatment_on DESC, id DESC);
CREATE INDEX commission_lines_agent_status ON commission_lines (referral_agent_id, status, treatment_on DESC, id DESC);
-- The facility filter, and its choices (the facilities the agent has lines at: one probe per facility).
CREATE INDEX commission_lines_agent_facility ON commission_lines (referral_agent_id, facility_id, treatment_on DESC, id DESC);
-- The daily approval run: pending lines whose window has ended.
CREATE INDEX commission_lines_due ON commission_lines (payable_on, referral_agent_id) WHERE status = 'pending';
-- The payout run and a payout's statement.
CREATE INDEX commission_lines_approved ON commission_lines (referral_agent_id, currency) WHERE status = 'approved';
CREATE INDEX commission_lines_payout ON commission_lines (payout_id) WHERE payout_id IS NOT NULL;

-- A paid line is history: it never changes and is never deleted (a refund after payout is a clawback line). A
-- reversed line is final too. What priced a line (base, rate, amount, currency) never changes after it is written.
CREATE FUNCTION commission_lines_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'paid' THEN
    RAISE EXCEPTION 'commission line % is paid and cannot change', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  IF OLD.status = 'reversed' THEN
    RAISE EXCEPTION 'commission line % is reversed and cannot change', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.amount_minor <> OLD.amount_minor OR NEW.currency <> OLD.currency OR NEW.base_minor <> OLD.base_minor
     OR NEW.rate <> OLD.rate OR NEW.booking_id <> OLD.booking_id OR NEW.referral_agent_id <> OLD.referral_agent_id
     OR NEW.kind <> OLD.kind THEN
    RAISE EXCEPTION 'what priced commission line % cannot change', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  NEW.updated_at := now();
  RETURN NEW;
END
$$;
CREATE TRIGGER commission_lines_guard BEFORE UPDATE OR DELETE ON commission_lines
  FOR EACH ROW EXECUTE FUNCTION commission_lines_guard();

-- Balances, kept by the triggers below so that the earnings cards and the dashboard read a few rows, never the lines:
-- per agent × member × day × currency × status. A line counts on the day of its latest money event: the day it was
-- paid once paid, else the day it was earned. member_id is 0 for a line nobody in particular referred. A key whose
-- lines all moved on keeps a row of zeros: harmless to every sum, and cheaper than looking for it on each write.
CREATE TABLE commission_daily (
  referral_agent_id integer NOT NULL,
  member_id integer NOT NULL,
  day date NOT NULL,
  currency char(3) NOT NULL,
  status text NOT NULL,
  amount_minor bigint NOT NULL,
  lines integer NOT NULL,
  PRIMARY KEY (referral_agent_id, member_id, day, currency, status)
);

CREATE FUNCTION commission_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO commission_daily AS d (referral_agent_id, member_id, day, currency, status, amount_minor, lines)
    SELECT referral_agent_id, coalesce(referred_by_user_id, 0), coalesce(paid_on, earned_on), currency, status, -sum(amount_minor), -count(*)
      FROM old_lines GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (referral_agent_id, member_id, day, currency, status)
      DO UPDATE SET amount_minor = d.amount_minor + excluded.amount_minor, lines = d.lines + excluded.lines;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO commission_daily AS d (referral_agent_id, member_id, day, currency, status, amount_minor, lines)
    SELECT referral_agent_id, coalesce(referred_by_user_id, 0), coalesce(paid_on, earned_on), currency, status, sum(amount_minor), count(*)
      FROM new_lines GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (referral_agent_id, member_id, day, currency, status)
      DO UPDATE SET amount_minor = d.amount_minor + excluded.amount_minor, lines = d.lines + excluded.lines;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER commission_daily_insert AFTER INSERT ON commission_lines
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION commission_daily_apply();
CREATE TRIGGER commission_daily_update AFTER UPDATE ON commission_lines
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION commission_daily_apply();
CREATE TRIGGER commission_daily_delete AFTER DELETE ON commission_lines
  REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION commission_daily_apply();
