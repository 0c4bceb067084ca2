-- The database defends the money (issue 33, the outside probe's N1 and N2; docs/production.md). The application's
-- code never deletes a ledger line or a payout and never rewrites a paid payout; these triggers make that true of
-- anyone holding the application's credentials too. With the two roles of docs/production.md the runtime login
-- cannot disable them either (it owns no table).
--
-- Separate triggers rather than a new body for commission_lines_guard: the ledger's own guard (its status rules)
-- stays the ledger's to change, and no later migration that replaces it can drop these rules by accident.

-- No ledger line and no payout is ever deleted: a mistake is corrected by a new line (a clawback, an adjustment), a
-- payout that did not go through is marked failed. A booking with lines can therefore no longer be deleted either
-- (its foreign key cascades to its lines): a refunded booking keeps its history.
CREATE FUNCTION ledger_refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is ledger history: % is not allowed (a correction is a new line)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;
-- TRUNCATE skips row triggers: refused too, while the table holds anything (emptying an empty table loses nothing,
-- and a test may cascade through it).
CREATE FUNCTION ledger_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  holds_rows boolean;
BEGIN
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I.%I)', TG_TABLE_SCHEMA, TG_TABLE_NAME) INTO holds_rows;
  IF holds_rows THEN
    RAISE EXCEPTION '% is ledger history: TRUNCATE is not allowed', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER commission_lines_no_delete BEFORE DELETE ON commission_lines
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_delete();
CREATE TRIGGER commission_lines_no_truncate BEFORE TRUNCATE ON commission_lines
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_truncate();
CREATE TRIGGER payouts_no_delete BEFORE DELETE ON payouts
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_delete();
CREATE TRIGGER payouts_no_truncate BEFORE TRUNCATE ON payouts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_truncate();
-- The other append-only logs already refuse UPDATE and DELETE row by row.
CREATE TRIGGER agreement_acceptances_no_truncate BEFORE TRUNCATE ON agreement_acceptances
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_truncate();
CREATE TRIGGER payment_detail_events_no_truncate BEFORE TRUNCATE ON payment_detail_events
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_truncate();

-- A payout's life: draft → sent → paid, or draft/sent → failed (its lines go back to approved for the next run).
-- What it gathered (agent, currency, amount, lines) is fixed once it leaves draft; paid and failed are final; a paid
-- payout's payment (when, the bank's reference, the statement's number) never changes, and its statement, written
-- once after payment, is never rewritten. Other columns (added by later areas) stay free to change.
CREATE FUNCTION payouts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'paid' AND (NEW.status IS DISTINCT FROM OLD.status OR NEW.paid_at IS DISTINCT FROM OLD.paid_at
      OR NEW.sent_at IS DISTINCT FROM OLD.sent_at OR NEW.bank_reference IS DISTINCT FROM OLD.bank_reference
      OR NEW.scheduled_on IS DISTINCT FROM OLD.scheduled_on OR NEW.created_at IS DISTINCT FROM OLD.created_at) THEN
    RAISE EXCEPTION 'payout % is paid and cannot change', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.status = 'failed' AND NEW.status IS DISTINCT FROM OLD.status THEN
    RAISE EXCEPTION 'payout % failed and cannot change (its lines go into a new payout)', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.status <> 'draft' AND NEW.status = 'draft' THEN
    RAISE EXCEPTION 'payout % cannot go back to draft', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.status <> 'draft' AND (NEW.amount_minor IS DISTINCT FROM OLD.amount_minor OR NEW.currency IS DISTINCT FROM OLD.currency
      OR NEW.lines IS DISTINCT FROM OLD.lines OR NEW.referral_agent_id IS DISTINCT FROM OLD.referral_agent_id) THEN
    RAISE EXCEPTION 'what payout % gathered cannot change once it left draft', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.statement_number IS NOT NULL AND NEW.statement_number IS DISTINCT FROM OLD.statement_number THEN
    RAISE EXCEPTION 'the statement number of payout % cannot change', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.statement_file IS NOT NULL AND (NEW.statement_file IS DISTINCT FROM OLD.statement_file
      OR NEW.statement_sha256 IS DISTINCT FROM OLD.statement_sha256) THEN
    RAISE EXCEPTION 'the statement of payout % is written and cannot change', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER payouts_guard BEFORE UPDATE ON payouts
  FOR EACH ROW EXECUTE FUNCTION payouts_guard();
