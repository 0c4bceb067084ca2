-- Finance reports (issue 16, docs/earnings.md): an agent's commission balance per currency over a month or a year,
-- written by a job as a PDF and an xlsx, kept with their SHA-256. A report is never rewritten: asking again makes the
-- next version of the same period and currency, and the old one stays.
CREATE TABLE finance_reports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  referral_agent_id integer NOT NULL REFERENCES referral_agents(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('monthly', 'yearly')),
  -- 'YYYY-MM' or 'YYYY'
  period text NOT NULL CHECK ((kind = 'monthly' AND period ~ '^\d{4}-(0[1-9]|1[0-2])$') OR (kind = 'yearly' AND period ~ '^\d{4}$')),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  version integer NOT NULL CHECK (version > 0),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'ready', 'failed')),
  figures jsonb,
  pdf_file jsonb,
  pdf_sha256 char(64),
  xlsx_file jsonb,
  xlsx_sha256 char(64),
  requested_by_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  generated_at timestamptz,
  UNIQUE (referral_agent_id, kind, period, currency, version),
  CHECK ((status = 'ready') = (figures IS NOT NULL AND pdf_sha256 IS NOT NULL AND xlsx_sha256 IS NOT NULL))
);
CREATE INDEX finance_reports_agent ON finance_reports (referral_agent_id, period DESC, currency, version DESC);

-- Written once: a ready report never changes and is never deleted (an agent's deletion aside).
CREATE FUNCTION finance_reports_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status = 'ready' AND EXISTS (SELECT 1 FROM referral_agents WHERE id = OLD.referral_agent_id) THEN
      RAISE EXCEPTION 'finance report % is written and cannot be deleted', OLD.id USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN OLD;
  END IF;
  -- A member's deletion forgets who asked (ON DELETE SET NULL), and nothing else.
  IF OLD.status = 'ready' AND NEW.requested_by_user_id IS NULL AND OLD.requested_by_user_id IS NOT NULL
     AND (to_jsonb(NEW) - 'requested_by_user_id') = (to_jsonb(OLD) - 'requested_by_user_id') THEN
    RETURN NEW;
  END IF;
  IF OLD.status = 'ready' THEN
    RAISE EXCEPTION 'finance report % is written and cannot change', OLD.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER finance_reports_guard BEFORE UPDATE OR DELETE ON finance_reports
  FOR EACH ROW EXECUTE FUNCTION finance_reports_guard();
