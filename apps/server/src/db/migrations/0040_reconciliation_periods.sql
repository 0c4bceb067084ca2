-- Reconciliation (issue 35, docs/reconciliation.md): a referral agent and a facility agree, month by month, on which
-- patients were referred and what is owed for them. A period is one agent × facility × month; the facility's statement
-- for it (a CSV the operator imports, or the facility's system through its API token) is matched in SQL against the
-- agent's completed bookings there, each booking and each statement line ending in exactly one state. Once a period
-- is locked nothing in it changes (the triggers below refuse it); a later correction is an adjustment line of the
-- commission ledger, counted in the next open period. Money is integer minor units with its ISO 4217 currency.

-- The partner's account number at a facility (the spec's providerNumber), kept by the operators.
CREATE TABLE reconciliation_accounts (
  referral_agent_id integer NOT NULL REFERENCES referral_agents(id) ON DELETE CASCADE,
  facility_id integer NOT NULL REFERENCES facilities(id) ON DELETE CASCADE,
  account_number text NOT NULL CHECK (account_number ~ '^[A-Za-z0-9][A-Za-z0-9-]{0,31}$'),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (referral_agent_id, facility_id)
);

-- What a facility's statements look like and how close a match must be: the column mapping the operator chose last
-- (remembered for the next import) and the tolerances of the matching rules.
CREATE TABLE reconciliation_facility_settings (
  facility_id integer PRIMARY KEY REFERENCES facilities(id) ON DELETE CASCADE,
  column_mapping jsonb,
  date_tolerance_days integer NOT NULL DEFAULT 3 CHECK (date_tolerance_days BETWEEN 0 AND 31),
  amount_tolerance_minor bigint NOT NULL DEFAULT 0 CHECK (amount_tolerance_minor >= 0),
  amount_tolerance_bp integer NOT NULL DEFAULT 100 CHECK (amount_tolerance_bp BETWEEN 0 AND 10000),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE reconciliation_periods (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  referral_agent_id integer NOT NULL REFERENCES referral_agents(id) ON DELETE CASCADE,
  facility_id integer NOT NULL REFERENCES facilities(id),
  -- the first day of the month the period covers (treatment dates)
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_review', 'agreed', 'disputed', 'locked')),
  -- the day the lock job locks it, whatever its status
  lock_on date NOT NULL,
  agreed_at timestamptz,
  locked_at timestamptz,
  -- the period statement the lock wrote, kept with its SHA-256 (never rewritten: the lock guard below)
  statement_csv jsonb,
  statement_csv_sha256 text CHECK (statement_csv_sha256 ~ '^[0-9a-f]{64}$'),
  statement_pdf jsonb,
  statement_pdf_sha256 text CHECK (statement_pdf_sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (referral_agent_id, facility_id, month),
  CHECK ((status = 'locked') = (locked_at IS NOT NULL))
);
-- The partner's list (newest month first) and the console's; the lock job's due periods.
CREATE INDEX reconciliation_periods_agent_month ON reconciliation_periods (referral_agent_id, month DESC, id DESC);
CREATE INDEX reconciliation_periods_month ON reconciliation_periods (month DESC, id DESC);
CREATE INDEX reconciliation_periods_due ON reconciliation_periods (lock_on) WHERE status <> 'locked';

-- A statement imported into a period. A re-import replaces the lines (while the period is not locked) and keeps the
-- earlier file, marked replaced.
CREATE TABLE reconciliation_statements (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  period_id bigint NOT NULL REFERENCES reconciliation_periods(id) ON DELETE CASCADE,
  file jsonb NOT NULL,
  file_sha256 text NOT NULL CHECK (file_sha256 ~ '^[0-9a-f]{64}$'),
  line_count integer NOT NULL CHECK (line_count >= 0),
  source text NOT NULL CHECK (source IN ('operator', 'facility_api')),
  imported_by text NOT NULL,
  replaced_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reconciliation_statements_period ON reconciliation_statements (period_id, id DESC);
CREATE UNIQUE INDEX reconciliation_statements_current ON reconciliation_statements (period_id) WHERE replaced_at IS NULL;

-- A line of the facility's statement: the facility's reference, the partner's referral code or booking reference when
-- the facility has one, the treatment, the billed amount, and at most the patient's initials and year of birth (never a
-- name: matching uses references, dates, services and amounts).
CREATE TABLE reconciliation_statement_lines (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  statement_id bigint NOT NULL REFERENCES reconciliation_statements(id) ON DELETE CASCADE,
  period_id bigint NOT NULL REFERENCES reconciliation_periods(id) ON DELETE CASCADE,
  row_number integer NOT NULL CHECK (row_number > 0),
  facility_ref text NOT NULL CHECK (btrim(facility_ref) <> ''),
  -- upper-cased, without the 'MT-' prefix: compared with bookings.ticket_id
  booking_ref text,
  referral_code text,
  treatment_on date NOT NULL,
  service text NOT NULL,
  -- the catalogue's service of that name, when there is one
  service_id integer REFERENCES services(id),
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  patient_initials text CHECK (patient_initials ~ '^[A-Z]{1,3}$'),
  birth_year integer CHECK (birth_year BETWEEN 1900 AND 2100),
  UNIQUE (period_id, row_number)
);
CREATE INDEX reconciliation_statement_lines_statement ON reconciliation_statement_lines (statement_id);

-- The result of matching: one row per booking and per statement line of the period (a pair when they matched), in
-- exactly one state, with the partner's decision on it. The unique indexes make a booking or a line appear once.
CREATE TABLE reconciliation_items (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  period_id bigint NOT NULL REFERENCES reconciliation_periods(id) ON DELETE CASCADE,
  referral_agent_id integer NOT NULL,
  booking_id integer REFERENCES bookings(id),
  statement_line_id bigint REFERENCES reconciliation_statement_lines(id) ON DELETE CASCADE,
  state text NOT NULL CHECK (state IN ('matched', 'suggested', 'partner_only', 'facility_only', 'amount_mismatch', 'duplicate')),
  rule text CHECK (rule IN ('booking_reference', 'referral_code', 'service_date_amount')),
  score integer CHECK (score BETWEEN 0 AND 100),
  decision text CHECK (decision IN ('accepted', 'declined', 'claimed')),
  decline_reason text CHECK (decline_reason IN ('not_ours', 'cancelled', 'duplicate', 'other')),
  decision_note text,
  decided_by_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  decided_at timestamptz,
  CHECK (booking_id IS NOT NULL OR statement_line_id IS NOT NULL),
  CHECK ((state = 'partner_only') = (statement_line_id IS NULL)),
  CHECK ((state IN ('facility_only', 'duplicate')) = (booking_id IS NULL)),
  CHECK ((decision = 'declined') = (decline_reason IS NOT NULL)),
  CHECK (decline_reason IS DISTINCT FROM 'other' OR btrim(coalesce(decision_note, '')) <> '')
);
CREATE UNIQUE INDEX reconciliation_items_booking ON reconciliation_items (period_id, booking_id) WHERE booking_id IS NOT NULL;
CREATE UNIQUE INDEX reconciliation_items_line ON reconciliation_items (statement_line_id) WHERE statement_line_id IS NOT NULL;
CREATE INDEX reconciliation_items_period ON reconciliation_items (period_id, state, id);

-- Comments on an item, by the partner's members or the operators.
CREATE TABLE reconciliation_comments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  item_id bigint NOT NULL REFERENCES reconciliation_items(id) ON DELETE CASCADE,
  author_type text NOT NULL CHECK (author_type IN ('partner', 'operator')),
  author_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  author_operator_id integer REFERENCES operators(id) ON DELETE SET NULL,
  body text NOT NULL CHECK (btrim(body) <> ''),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reconciliation_comments_item ON reconciliation_comments (item_id, id);

-- A dispute over an item: a declined line, a claim or a mismatch. Kept when a re-import replaces the item (the
-- booking and the facility's reference stay on it), and after the period locks: a resolution then lands in the next
-- open period (applied_period_id) as an adjustment line of the ledger.
CREATE TABLE reconciliation_disputes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  period_id bigint NOT NULL REFERENCES reconciliation_periods(id) ON DELETE CASCADE,
  referral_agent_id integer NOT NULL,
  item_id bigint REFERENCES reconciliation_items(id) ON DELETE SET NULL,
  booking_id integer REFERENCES bookings(id),
  facility_ref text,
  reason_code text NOT NULL CHECK (reason_code IN ('missing_from_statement', 'amount_differs', 'not_ours', 'cancelled', 'duplicate', 'other')),
  status text NOT NULL DEFAULT 'awaiting_operator'
    CHECK (status IN ('open', 'awaiting_operator', 'awaiting_partner', 'resolved_accepted', 'resolved_rejected')),
  due_on date NOT NULL,
  opened_by_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  resolution_note text,
  adjustment_minor bigint,
  adjustment_line_id bigint REFERENCES commission_lines(id),
  applied_period_id bigint REFERENCES reconciliation_periods(id),
  resolved_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status IN ('resolved_accepted', 'resolved_rejected')) = (resolved_at IS NOT NULL))
);
CREATE INDEX reconciliation_disputes_agent ON reconciliation_disputes (referral_agent_id, created_at DESC, id DESC);
CREATE INDEX reconciliation_disputes_period ON reconciliation_disputes (period_id, id);
CREATE INDEX reconciliation_disputes_queue ON reconciliation_disputes (status, due_on, id) WHERE resolved_at IS NULL;
-- One dispute in progress per item.
CREATE UNIQUE INDEX reconciliation_disputes_one_open ON reconciliation_disputes (item_id) WHERE resolved_at IS NULL;

-- A dispute's thread: each message by one side, with its evidence file (whose evidence is whose: the author's side).
CREATE TABLE reconciliation_dispute_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dispute_id bigint NOT NULL REFERENCES reconciliation_disputes(id) ON DELETE CASCADE,
  author_type text NOT NULL CHECK (author_type IN ('partner', 'operator')),
  author_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  author_operator_id integer REFERENCES operators(id) ON DELETE SET NULL,
  body text NOT NULL CHECK (btrim(body) <> ''),
  evidence jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reconciliation_dispute_messages_dispute ON reconciliation_dispute_messages (dispute_id, id);

-- Evidence a partner uploaded, not yet attached to a message (claims and dispute replies send its id).
CREATE TABLE reconciliation_uploads (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  referral_agent_id integer NOT NULL REFERENCES referral_agents(id) ON DELETE CASCADE,
  uploaded_by_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  file jsonb NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reconciliation_uploads_agent ON reconciliation_uploads (referral_agent_id, id);

-- A facility's own system imports statements with a token the operator created: only its SHA-256 is kept.
CREATE TABLE reconciliation_api_tokens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  facility_id integer NOT NULL REFERENCES facilities(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (btrim(name) <> ''),
  token_sha256 text NOT NULL UNIQUE CHECK (token_sha256 ~ '^[0-9a-f]{64}$'),
  -- the first characters, so a person can tell tokens apart
  prefix text NOT NULL,
  created_by_operator_id integer REFERENCES operators(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX reconciliation_api_tokens_facility ON reconciliation_api_tokens (facility_id, id DESC);

-- A locked period never changes, nor is deleted: the row, its statements, their lines and its items.
CREATE FUNCTION reconciliation_periods_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'locked' THEN
    RAISE EXCEPTION 'reconciliation period % is locked', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  NEW.updated_at := now();
  RETURN NEW;
END
$$;
CREATE TRIGGER reconciliation_periods_guard BEFORE UPDATE OR DELETE ON reconciliation_periods
  FOR EACH ROW EXECUTE FUNCTION reconciliation_periods_guard();

-- Statement-level, with the rows the statement touched: one probe per statement, not per row (a 50,000-line import).
CREATE FUNCTION reconciliation_locked_rows_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  locked bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT p.id INTO locked FROM reconciliation_periods p WHERE p.status = 'locked' AND p.id IN (SELECT period_id FROM new_rows) LIMIT 1;
  ELSE
    SELECT p.id INTO locked FROM reconciliation_periods p WHERE p.status = 'locked' AND p.id IN (SELECT period_id FROM old_rows) LIMIT 1;
  END IF;
  IF locked IS NOT NULL THEN
    RAISE EXCEPTION 'reconciliation period % is locked', locked USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER reconciliation_statements_insert AFTER INSERT ON reconciliation_statements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reconciliation_locked_rows_guard();
CREATE TRIGGER reconciliation_statements_update AFTER UPDATE ON reconciliation_statements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION reconciliation_locked_rows_guard();
CREATE TRIGGER reconciliation_statements_delete AFTER DELETE ON reconciliation_statements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION reconciliation_locked_rows_guard();
CREATE TRIGGER reconciliation_statement_lines_insert AFTER INSERT ON reconciliation_statement_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reconciliation_locked_rows_guard();
CREATE TRIGGER reconciliation_statement_lines_update AFTER UPDATE ON reconciliation_statement_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION reconciliation_locked_rows_guard();
CREATE TRIGGER reconciliation_statement_lines_delete AFTER DELETE ON reconciliation_statement_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION reconciliation_locked_rows_guard();
CREATE TRIGGER reconciliation_items_insert AFTER INSERT ON reconciliation_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reconciliation_locked_rows_guard();
CREATE TRIGGER reconciliation_items_update AFTER UPDATE ON reconciliation_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION reconciliation_locked_rows_guard();
CREATE TRIGGER reconciliation_items_delete AFTER DELETE ON reconciliation_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION reconciliation_locked_rows_guard();
