-- Partner tiers' evaluation (issue 15, docs/partner-tiers.md).

-- A demotion notice can be withdrawn: the agent met its tier's criteria again before the notice ran out.
ALTER TABLE agent_tier_history DROP CONSTRAINT agent_tier_history_kind_check;
ALTER TABLE agent_tier_history ADD CONSTRAINT agent_tier_history_kind_check
  CHECK (kind IN ('initial', 'promotion', 'demotion', 'demotion_notice', 'notice_withdrawn', 'manual', 'freeze', 'unfreeze'));

-- The history is append-only, like the audit log and the agreement acceptances: what happened to a partner's tier
-- is never rewritten. Its rows go only with their agent (the foreign key's cascade, a nested trigger).
CREATE FUNCTION agent_tier_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'agent tier history is append-only' USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER agent_tier_history_append_only BEFORE UPDATE OR DELETE ON agent_tier_history
  FOR EACH ROW EXECUTE FUNCTION agent_tier_history_append_only();

-- Operator-maintained exchange rates: how much of `reference` one unit of `currency` is worth from `as_of` on. The
-- tiers' "completed treatment value" criterion counts bookings billed in other currencies with the latest rate on or
-- before the evaluation day, and the page says "approximately" and names the rate's date. Nothing is ever paid at
-- these rates (issue 16 keeps balances per currency).
CREATE TABLE exchange_rates (
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  reference char(3) NOT NULL CHECK (reference ~ '^[A-Z]{3}$'),
  rate numeric(20, 10) NOT NULL CHECK (rate > 0),
  as_of date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (reference, currency, as_of),
  CHECK (currency <> reference)
);
