-- The audit log (issue 14): who did what to which record, written in the same transaction as the change it records
-- (lib/audit/audit-log.ts), so a change that rolls back leaves no row and one that commits leaves exactly one. It is
-- append-only: the triggers below refuse UPDATE, DELETE and TRUNCATE for every role, the owner included, so a row
-- cannot be quietly rewritten by the application or by someone with its credentials (dropping the trigger is a
-- schema change, visible in the migrations). Ids are text without foreign keys: a row outlives what it names (a
-- deleted user, a removed booking) and names actors of every kind (operators, partners, the CLI, the system).
CREATE TABLE audit_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_type text NOT NULL CONSTRAINT audit_events_actor_type_check CHECK (actor_type IN ('operator', 'partner', 'cli', 'system')),
  -- the operator's or the partner's user id, the CLI's operating-system user, the job's name; null when unknown
  actor_id text,
  -- the operator's role at the time (admin, finance, content, support); null for the other kinds
  actor_role text,
  -- dotted, lower case: 'partner.approved', 'auth.sign_in_failed'
  action text NOT NULL CONSTRAINT audit_events_action_check CHECK (action ~ '^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$'),
  target_type text,
  target_id text,
  -- the values before and after the change, secrets masked by the writer
  before jsonb,
  after jsonb,
  reason text,
  ip inet,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The viewer's filters: newest first overall, by target (a partner's history, the profile's security events), by actor
-- and by action.
CREATE INDEX audit_events_created_idx ON audit_events (created_at DESC, id DESC);
CREATE INDEX audit_events_target_idx ON audit_events (target_type, target_id, created_at DESC);
CREATE INDEX audit_events_actor_idx ON audit_events (actor_type, actor_id, created_at DESC);
CREATE INDEX audit_events_action_idx ON audit_events (action, created_at DESC);

CREATE FUNCTION audit_events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_change();
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change();
