-- Payment details (issue 16, docs/payment-details.md): where an agent's payouts go. The account number (or IBAN) is
-- sealed with AES-256-GCM (lib/encryption.ts, its own purpose) and only its last four characters are kept in clear;
-- a keyed fingerprint finds the same account on two agents without decrypting anything. A change leaves the details
-- unverified, and payouts wait until an operator verifies them; "I didn't do this" from the owners' e-mail freezes them.

CREATE TABLE payment_details (
  referral_agent_id integer PRIMARY KEY REFERENCES referral_agents(id) ON DELETE CASCADE,
  scheme text NOT NULL CHECK (scheme IN ('iban', 'us_ach', 'in_ifsc', 'swift_account')),
  holder_name text NOT NULL CHECK (length(holder_name) BETWEEN 1 AND 140),
  bank_country char(2) NOT NULL CHECK (bank_country ~ '^[A-Z]{2}$'),
  -- the bank's identifiers, public by nature: a BIC, an ABA routing number, an IFSC
  bic text,
  routing_number text,
  ifsc text,
  account_type text CHECK (account_type IN ('checking', 'savings')),
  bank_name text CHECK (length(bank_name) <= 140),
  -- the IBAN or account number, sealed; its last four characters for the masked view
  account_sealed text NOT NULL,
  account_last4 text NOT NULL,
  -- HMAC-SHA256 (a key derived from APP_KEY) of the scheme and the normalised account: equal for the same account
  account_fingerprint char(64) NOT NULL,
  status text NOT NULL DEFAULT 'unverified' CHECK (status IN ('unverified', 'verified', 'frozen')),
  verified_at timestamptz,
  verified_by_operator_id integer REFERENCES operators(id) ON DELETE SET NULL,
  frozen_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  CHECK ((status = 'verified') = (verified_at IS NOT NULL)),
  CHECK ((status = 'frozen') = (frozen_at IS NOT NULL))
);
CREATE INDEX payment_details_fingerprint ON payment_details (account_fingerprint);
CREATE INDEX payment_details_status ON payment_details (status, updated_at DESC);

-- The change log: every change, verification, freeze, with the masked values and who acted. Append-only: the trigger
-- refuses any update or deletion (an agent's deletion removes its rows with it).
CREATE TABLE payment_detail_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  referral_agent_id integer NOT NULL REFERENCES referral_agents(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('changed', 'verified', 'frozen')),
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  operator_id integer REFERENCES operators(id) ON DELETE SET NULL,
  -- 'IBAN •••• 1234 (GB)': what the member and the owners' e-mail read
  old_masked text,
  new_masked text,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_detail_events_agent ON payment_detail_events (referral_agent_id, created_at DESC, id DESC);

CREATE FUNCTION payment_detail_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An agent's deletion cascades: allowed once its row is gone.
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM referral_agents WHERE id = OLD.referral_agent_id) THEN
    RETURN OLD;
  END IF;
  -- A member's or operator's deletion forgets who acted (ON DELETE SET NULL), and nothing else.
  IF TG_OP = 'UPDATE' AND (NEW.user_id IS NULL OR NEW.user_id = OLD.user_id) AND (NEW.operator_id IS NULL OR NEW.operator_id = OLD.operator_id)
     AND (NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.operator_id IS DISTINCT FROM OLD.operator_id)
     AND (to_jsonb(NEW) - 'user_id' - 'operator_id') = (to_jsonb(OLD) - 'user_id' - 'operator_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'the payment details change log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER payment_detail_events_append_only BEFORE UPDATE OR DELETE ON payment_detail_events
  FOR EACH ROW EXECUTE FUNCTION payment_detail_events_append_only();

-- The owners' "I didn't do this" links: a hash of the token, good for 30 days, once.
CREATE TABLE payment_detail_freeze_links (
  token_hash char(64) PRIMARY KEY,
  referral_agent_id integer NOT NULL REFERENCES referral_agents(id) ON DELETE CASCADE,
  event_id bigint NOT NULL REFERENCES payment_detail_events(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
