-- The notices of negative balances the exceptions page raises (issue 31, docs/console-exceptions.md): one row per time an
-- agent's approved balance in a currency went below zero, opened (and finance e-mailed) by the job
-- `exceptions.negative-balances`, closed when the balance is back at zero or above. The page reads the balances
-- themselves from the ledger; this row says since when the balance is negative, and that finance was told once.
CREATE TABLE negative_balance_notices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  referral_agent_id integer NOT NULL REFERENCES referral_agents(id) ON DELETE CASCADE,
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  -- the balance when the notice was opened, in minor units of the currency
  balance_minor bigint NOT NULL CHECK (balance_minor < 0),
  opened_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  CHECK (closed_at IS NULL OR closed_at >= opened_at)
);
-- One open notice per agent and currency: a second scan opens nothing more (and so e-mails nobody twice).
CREATE UNIQUE INDEX negative_balance_notices_open ON negative_balance_notices (referral_agent_id, currency) WHERE closed_at IS NULL;
