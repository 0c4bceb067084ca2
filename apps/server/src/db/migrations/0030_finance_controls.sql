-- Finance controls (issue 31, docs/earnings.md, docs/payment-details.md, docs/console-exceptions.md): the agreement a
-- commission is earned under chosen by its kind; four eyes on verifying payment details and on sending payout
-- batches; the partner's tax profile on self-billing statements, numbered per year from a counter row; the notices of
-- negative balances the exceptions page raises.

-- An addendum (a Data Processing Addendum) is signed like a template, to the same audience, but is never the
-- agreement a commission is earned under: the ledger records the individual contract or the programme's template.
ALTER TABLE agreements DROP CONSTRAINT agreements_kind_check;
ALTER TABLE agreements ADD CONSTRAINT agreements_kind_check CHECK (kind IN ('template', 'individual', 'addendum'));
-- The one addendum published before there was a kind for it.
UPDATE agreements SET kind = 'addendum' WHERE key = 'data-processing-addendum' AND kind = 'template';

-- Four eyes on payouts: a payout batch (a run day and a currency) whose total is above its currency's threshold is
-- marked sent only when one operator has proposed it and another approved it. Edited by admins in the console; a
-- currency without a row needs one operator. The defaults: 10,000.00 in the programme's main currencies.
CREATE TABLE payout_approval_thresholds (
  currency char(3) PRIMARY KEY CHECK (currency ~ '^[A-Z]{3}$'),
  -- minor units of the currency; a batch whose total is above it needs two operators (0: every batch)
  threshold_minor bigint NOT NULL CHECK (threshold_minor >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by_operator_id integer REFERENCES operators(id) ON DELETE SET NULL
);
INSERT INTO payout_approval_thresholds (currency, threshold_minor) VALUES
  ('EUR', 1000000), ('GBP', 1000000), ('USD', 1000000), ('AED', 4000000), ('SAR', 4000000);

-- A proposal to mark a batch's draft payouts sent: the payouts it names, their total, who proposed; a different
-- operator approves it (then they are sent) or anyone with the permission withdraws it. One open proposal per batch.
CREATE TABLE payout_batch_proposals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  scheduled_on date NOT NULL,
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  payout_ids bigint[] NOT NULL CHECK (cardinality(payout_ids) > 0),
  total_minor bigint NOT NULL CHECK (total_minor > 0),
  status text NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed', 'approved', 'withdrawn')),
  proposed_by_operator_id integer NOT NULL REFERENCES operators(id),
  proposed_at timestamptz NOT NULL DEFAULT now(),
  decided_by_operator_id integer REFERENCES operators(id),
  decided_at timestamptz,
  -- the database says it too: the approver is never the proposer
  CHECK (status <> 'approved' OR decided_by_operator_id <> proposed_by_operator_id),
  CHECK ((status = 'proposed') = (decided_at IS NULL))
);
CREATE UNIQUE INDEX payout_batch_proposals_open ON payout_batch_proposals (scheduled_on, currency) WHERE status = 'proposed';
CREATE INDEX payout_batch_proposals_recent ON payout_batch_proposals (proposed_at DESC, id DESC);
-- The operator who approved a payout's sending, beside the one who marked it sent (sent_by_operator_id: the proposer).
ALTER TABLE payouts ADD COLUMN sent_approved_by_operator_id integer REFERENCES operators(id) ON DELETE SET NULL;

-- Four eyes on payment details: an operator proposes the verification, another approves it. The proposal names the
-- details it was made on (their updated_at): a change by the partner in between voids it.
ALTER TABLE payment_details ADD COLUMN verification_proposed_by_operator_id integer REFERENCES operators(id) ON DELETE SET NULL;
ALTER TABLE payment_details ADD COLUMN verification_proposed_at timestamptz;
ALTER TABLE payment_details ADD COLUMN verification_proposed_for timestamptz;

-- Self-billing statement numbers: per year, without gaps. The payment locks its year's row FOR UPDATE and takes the
-- next number in its own transaction (a rollback gives it back). Started from the numbers already given.
CREATE TABLE statement_number_counters (
  year integer PRIMARY KEY CHECK (year BETWEEN 2000 AND 2999),
  last_number integer NOT NULL CHECK (last_number >= 0)
);
INSERT INTO statement_number_counters (year, last_number)
SELECT substring(statement_number FROM 4 FOR 4)::integer, max(substring(statement_number FROM 9)::integer)
  FROM payouts WHERE statement_number ~ '^SB-[0-9]{4}-[0-9]{6}$' GROUP BY 1;

-- The partner's tax identity, printed on its self-billing statements: legal name, address, tax ID and VAT status. Its
-- owners and finance members edit it (audited). A VAT-registered partner abroad gets the reverse-charge note.
CREATE TABLE partner_tax_profiles (
  referral_agent_id integer PRIMARY KEY REFERENCES referral_agents(id) ON DELETE CASCADE,
  legal_name text NOT NULL CHECK (length(legal_name) BETWEEN 1 AND 200),
  address_line1 text NOT NULL CHECK (length(address_line1) BETWEEN 1 AND 200),
  address_line2 text CHECK (length(address_line2) <= 200),
  city text NOT NULL CHECK (length(city) BETWEEN 1 AND 100),
  postal_code text CHECK (length(postal_code) <= 20),
  country char(2) NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  tax_id text CHECK (length(tax_id) <= 40),
  vat_status text NOT NULL CHECK (vat_status IN ('registered', 'not_registered', 'exempt')),
  vat_number text CHECK (length(vat_number) <= 40),
  CHECK ((vat_status = 'registered') = (vat_number IS NOT NULL)),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by_user_id integer REFERENCES users(id) ON DELETE SET NULL
);
