-- A booking's status history (issue 14, the console's Bookings pages): one row per step of its lifecycle
-- (packages/contracts/src/booking-lifecycle.ts), written by the one service that changes a status
-- (modules/bookings/operations-service.ts), in the same transaction as the change and its audit row. The earnings
-- ledger reads it to know when a booking was completed, cancelled or a no-show, and who said so.
-- Bookings that existed before this table (the demo's, imported ones) have no rows: their history starts with their
-- next change.
CREATE TABLE booking_status_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  booking_id integer NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
  -- null on the booking's first row (its creation)
  from_status text CHECK (from_status IN ('pending', 'confirmed', 'completed', 'cancelled', 'no_show')),
  to_status text NOT NULL CHECK (to_status IN ('pending', 'confirmed', 'completed', 'cancelled', 'no_show')),
  -- who: as in audit_events (an operator's id, the CLI's operating-system user)
  actor_type text NOT NULL CHECK (actor_type IN ('operator', 'partner', 'cli', 'system')),
  actor_id text,
  reason text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CHECK (from_status IS DISTINCT FROM to_status)
);
CREATE INDEX booking_status_history_booking ON booking_status_history (booking_id, id);
-- the ledger's read: what changed since a point in time
CREATE INDEX booking_status_history_created ON booking_status_history (created_at, id);

-- History is written once: a step is never rewritten (a booking's own deletion still takes its rows with it).
CREATE FUNCTION booking_status_history_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'booking_status_history is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER booking_status_history_append_only BEFORE UPDATE ON booking_status_history
  FOR EACH ROW EXECUTE FUNCTION booking_status_history_refuse_update();

-- The console lists every agent's bookings, newest appointment first: the partner indexes all start with the agent.
CREATE INDEX bookings_date ON bookings (date_time DESC, id DESC);
