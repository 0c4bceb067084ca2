-- Refunds and adjustments (issue 31, docs/earnings.md): a booking refunded in full is `refunded`; a partial refund,
-- a corrected amount, an operator's goodwill or correction and (later) a reconciliation dispute each write an
-- adjustment line: signed, with its reason, linked to the booking and to the line it adjusts.

-- The refunded treatment: reached from completed by a full refund only (booking-lifecycle.ts).
ALTER TABLE bookings DROP CONSTRAINT bookings_status_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_status_check
  CHECK (status IN ('pending', 'confirmed', 'completed', 'cancelled', 'no_show', 'refunded'));
ALTER TABLE booking_status_history DROP CONSTRAINT booking_status_history_from_status_check;
ALTER TABLE booking_status_history DROP CONSTRAINT booking_status_history_to_status_check;
ALTER TABLE booking_status_history ADD CONSTRAINT booking_status_history_from_status_check
  CHECK (from_status IN ('pending', 'confirmed', 'completed', 'cancelled', 'no_show', 'refunded'));
ALTER TABLE booking_status_history ADD CONSTRAINT booking_status_history_to_status_check
  CHECK (to_status IN ('pending', 'confirmed', 'completed', 'cancelled', 'no_show', 'refunded'));

-- Each refund of a booking's treatment as finance recorded it, in minor units of the booking's currency. Their sum
-- never passes the booking's amount (checked under the booking's lock by the ledger). Written once.
CREATE TABLE booking_refunds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  booking_id integer NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  -- the refund that left nothing of the amount: the booking became refunded
  full_refund boolean NOT NULL,
  reason text NOT NULL CHECK (btrim(reason) <> ''),
  actor_type text NOT NULL,
  actor_id text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX booking_refunds_booking ON booking_refunds (booking_id, id);

CREATE FUNCTION booking_refunds_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'booking_refunds is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER booking_refunds_append_only BEFORE UPDATE ON booking_refunds
  FOR EACH ROW EXECUTE FUNCTION booking_refunds_refuse_update();

-- Adjustment lines: the line they adjust, why (shown to the partner), what wrote them, and the refund behind one.
ALTER TABLE commission_lines
  ADD COLUMN adjusts_line_id bigint REFERENCES commission_lines(id),
  ADD COLUMN adjustment_reason text,
  ADD COLUMN adjustment_source text CHECK (adjustment_source IN ('partial_refund', 'amount_change', 'manual', 'dispute')),
  ADD COLUMN refund_id bigint REFERENCES booking_refunds(id);

-- The kind's checks of 0022 name no constraint: found by what they say, dropped, and written again with the new kind.
DO $$
DECLARE
  found record;
BEGIN
  FOR found IN
    SELECT conname FROM pg_constraint
     WHERE conrelid = 'commission_lines'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%kind%'
  LOOP
    EXECUTE format('ALTER TABLE commission_lines DROP CONSTRAINT %I', found.conname);
  END LOOP;
END
$$;
ALTER TABLE commission_lines
  ADD CONSTRAINT commission_lines_kind_check CHECK (kind IN ('commission', 'clawback', 'adjustment')),
  ADD CONSTRAINT commission_lines_clawback_of_check CHECK ((kind = 'clawback') = (clawback_of IS NOT NULL)),
  ADD CONSTRAINT commission_lines_adjustment_check
    CHECK ((kind = 'adjustment') = (adjusts_line_id IS NOT NULL AND adjustment_reason IS NOT NULL AND btrim(adjustment_reason) <> '' AND adjustment_source IS NOT NULL)),
  -- a commission is never negative; an adjustment is never zero; a clawback is the opposite of the paid line it takes
  -- back (positive for a paid negative adjustment)
  ADD CONSTRAINT commission_lines_sign_check CHECK ((kind <> 'commission' OR amount_minor >= 0) AND (kind <> 'adjustment' OR amount_minor <> 0));

CREATE INDEX commission_lines_adjusts ON commission_lines (adjusts_line_id) WHERE adjusts_line_id IS NOT NULL;
CREATE INDEX commission_lines_booking ON commission_lines (booking_id);
