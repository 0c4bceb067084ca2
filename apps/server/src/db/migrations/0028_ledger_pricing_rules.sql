-- The ledger's pricing rules (issue 31, docs/earnings.md "Invariants"): every amount in its currency's own minor unit,
-- a booking's commission held while the facility's invoice is unpaid, and pricing failures kept where finance sees them.

-- The ISO 4217 exponent of a currency (JPY 0, EUR 2, KWD 3, CLF 4), the one the contracts' `minorDigits` reads from the
-- same list (packages/contracts/src/money.ts; a test compares the two for every code). Immutable: generated columns
-- and checks may call it.
CREATE FUNCTION currency_minor_digits(code text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN code IN ('BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF',
                  'XAG', 'XAU', 'XBA', 'XBB', 'XBC', 'XBD', 'XDR', 'XOF', 'XPD', 'XPF', 'XPT', 'XSU', 'XTS', 'XUA', 'XXX') THEN 0
    WHEN code IN ('BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND') THEN 3
    WHEN code IN ('CLF', 'UYW') THEN 4
    ELSE 2
  END
$$;

-- A booking's amount is a decimal written with exactly its currency's decimals ('150000' yen, '320.00' pounds,
-- '12.500' dinars), and `amount_minor` the same amount in minor units, which is what the ledger prices. numeric(12,2)
-- could not hold a dinar's third decimal and wrote yen with two.
ALTER TABLE bookings ALTER COLUMN amount TYPE numeric;
ALTER TABLE bookings ADD CONSTRAINT bookings_amount_max CHECK (amount < 1000000000000);
-- Rows written before, whose amount the currency cannot hold (half a yen), keep it and get no amount_minor: the
-- ledger refuses to price them and finance sees them as an exception, rather than a guess.
UPDATE bookings SET amount = round(amount, currency_minor_digits(currency))
 WHERE amount = round(amount, currency_minor_digits(currency)) AND scale(amount) <> currency_minor_digits(currency);
ALTER TABLE bookings ADD COLUMN amount_minor bigint GENERATED ALWAYS AS (
  CASE WHEN amount = round(amount, currency_minor_digits(currency)) THEN (amount * 10::numeric ^ currency_minor_digits(currency))::bigint END
) STORED;

-- Every write: an amount the currency cannot hold is refused (the API answers 422 before it gets here); one it can is
-- written with the currency's decimals.
CREATE FUNCTION bookings_amount_in_currency() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.amount <> round(NEW.amount, currency_minor_digits(NEW.currency)) THEN
    RAISE EXCEPTION 'amount % has more decimals than % has', NEW.amount, NEW.currency USING ERRCODE = 'check_violation';
  END IF;
  NEW.amount := round(NEW.amount, currency_minor_digits(NEW.currency));
  RETURN NEW;
END
$$;
CREATE TRIGGER bookings_amount_in_currency BEFORE INSERT OR UPDATE OF amount, currency ON bookings
  FOR EACH ROW EXECUTE FUNCTION bookings_amount_in_currency();

-- A commission whose facility has not paid its invoice waits (docs/earnings.md: the programme's rule).
ALTER TABLE commission_lines DROP CONSTRAINT commission_lines_held_reason_check;
ALTER TABLE commission_lines ADD CONSTRAINT commission_lines_held_reason_check CHECK (held_reason IN ('agreement_unsigned', 'invoice_unpaid'));

-- Why a completed booking has no commission line: the last pricing attempt's reason, cleared when a line is recorded.
-- The console's exceptions page lists these (earnings' `unpricedCompletions`).
CREATE TABLE commission_pricing_failures (
  booking_id integer PRIMARY KEY REFERENCES bookings(id) ON DELETE CASCADE,
  reason text NOT NULL CHECK (reason IN ('no_rate', 'amount_not_in_currency', 'currency_not_billing')),
  attempted_at timestamptz NOT NULL DEFAULT now()
);

-- The pricing job's batch: completed bookings without their commission, oldest completion first.
CREATE INDEX booking_status_history_completed ON booking_status_history (created_at, booking_id) WHERE to_status = 'completed';
