-- Payouts (issue 16, docs/earnings.md): operators set per currency the smallest payout and the day of the month it is
-- made; the payout run gathers each agent's approved lines (clawbacks netted) into a draft payout on that day, and a
-- balance under the minimum waits for the next run. Finance operators send, then mark paid (the self-billing statement
-- gets its number and its PDF) or failed (the lines go back to approved for the next run).

-- A currency without a row is paid on the 5th with the minimum of payout-minimums.ts.
CREATE TABLE payout_schedules (
  currency char(3) PRIMARY KEY CHECK (currency ~ '^[A-Z]{3}$'),
  minimum_minor bigint NOT NULL CHECK (minimum_minor >= 0),
  -- 1 to 28: every month has the day
  day_of_month smallint NOT NULL CHECK (day_of_month BETWEEN 1 AND 28),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by_operator_id integer REFERENCES operators(id) ON DELETE SET NULL
);

-- The day of the run that built the payout: one payout per agent, currency and run day, whoever runs it twice (a
-- failed one aside: its lines may be gathered again).
ALTER TABLE payouts ADD COLUMN scheduled_on date;
UPDATE payouts SET scheduled_on = (created_at AT TIME ZONE 'UTC')::date;
ALTER TABLE payouts ALTER COLUMN scheduled_on SET NOT NULL;
ALTER TABLE payouts ALTER COLUMN scheduled_on SET DEFAULT ((now() AT TIME ZONE 'UTC')::date);
CREATE UNIQUE INDEX payouts_one_per_run ON payouts (referral_agent_id, currency, scheduled_on) WHERE status <> 'failed';
-- The operator who marked it sent; the bank's reference when paid.
ALTER TABLE payouts ADD COLUMN sent_by_operator_id integer REFERENCES operators(id) ON DELETE SET NULL;
ALTER TABLE payouts ADD COLUMN bank_reference text;
-- When a draft was first put in a bank file: from then on the money may be on its way, so it can no longer be failed
-- as a draft (mark it sent, then paid or failed).
ALTER TABLE payouts ADD COLUMN exported_at timestamptz;
-- The self-billing statement, written on its first download after the payout is paid and kept as written (the file
-- in storage and its SHA-256): never written again.
ALTER TABLE payouts ADD COLUMN statement_file jsonb;
ALTER TABLE payouts ADD COLUMN statement_sha256 char(64);
CREATE INDEX payouts_console ON payouts (created_at DESC, id DESC);

-- What a self-billing statement says of the partner: its country (ISO 3166-1 alpha-2; another country than the
-- business's gets the reverse-charge note) and its tax registration, when known.
ALTER TABLE referral_agents ADD COLUMN country char(2) CHECK (country ~ '^[A-Z]{2}$');
ALTER TABLE referral_agents ADD COLUMN tax_id text CHECK (length(tax_id) <= 40);
