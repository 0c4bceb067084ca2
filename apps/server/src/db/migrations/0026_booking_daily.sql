-- The dashboard's booking figures (issue 16, docs/dashboard.md): referred and completed bookings per agent, member
-- and UTC day, kept by statement-level triggers so a card reads a few dozen rows, never an agent's 100,000 bookings.
-- A booking counts as `referred` on the day it was created and as `completed` on its treatment day while its status
-- is completed. member_id 0 stands for a booking no member referred (the `own` scope never matches it).
CREATE TABLE booking_daily (
  referral_agent_id integer NOT NULL,
  member_id integer NOT NULL,
  day date NOT NULL,
  measure text NOT NULL CHECK (measure IN ('referred', 'completed')),
  bookings integer NOT NULL,
  PRIMARY KEY (referral_agent_id, member_id, measure, day)
);
-- Covering: a card's read is an index-only scan once the table is vacuumed.
CREATE INDEX booking_daily_agent_day ON booking_daily (referral_agent_id, day) INCLUDE (measure, member_id, bookings);

-- Each statement's old rows count -1 and new rows +1 on their days; groups that net to 0 (an update of another
-- column, most updates) write nothing. Transition tables cannot be combined with `UPDATE OF columns`, hence the net.
CREATE FUNCTION booking_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A transition table exists only for the operations that have it, so each operation has its own statement.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO booking_daily AS d (referral_agent_id, member_id, day, measure, bookings)
    SELECT referral_agent_id, member_id, day, measure, sum(delta) FROM (
      SELECT referral_agent_id, coalesce(referred_by_user_id, 0) AS member_id, (created_at AT TIME ZONE 'UTC')::date AS day, 'referred' AS measure, 1 AS delta FROM new_bookings
      UNION ALL
      SELECT referral_agent_id, coalesce(referred_by_user_id, 0), (date_time AT TIME ZONE 'UTC')::date, 'completed', 1 FROM new_bookings WHERE status = 'completed'
    ) AS changes
     GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0
    ON CONFLICT (referral_agent_id, member_id, measure, day) DO UPDATE SET bookings = d.bookings + excluded.bookings;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO booking_daily AS d (referral_agent_id, member_id, day, measure, bookings)
    SELECT referral_agent_id, member_id, day, measure, sum(delta) FROM (
      SELECT referral_agent_id, coalesce(referred_by_user_id, 0) AS member_id, (created_at AT TIME ZONE 'UTC')::date AS day, 'referred' AS measure, -1 AS delta FROM old_bookings
      UNION ALL
      SELECT referral_agent_id, coalesce(referred_by_user_id, 0), (date_time AT TIME ZONE 'UTC')::date, 'completed', -1 FROM old_bookings WHERE status = 'completed'
    ) AS changes
     GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0
    ON CONFLICT (referral_agent_id, member_id, measure, day) DO UPDATE SET bookings = d.bookings + excluded.bookings;
  ELSE
    INSERT INTO booking_daily AS d (referral_agent_id, member_id, day, measure, bookings)
    SELECT referral_agent_id, member_id, day, measure, sum(delta) FROM (
      SELECT referral_agent_id, coalesce(referred_by_user_id, 0) AS member_id, (created_at AT TIME ZONE 'UTC')::date AS day, 'referred' AS measure, -1 AS delta FROM old_bookings
      UNION ALL
      SELECT referral_agent_id, coalesce(referred_by_user_id, 0), (date_time AT TIME ZONE 'UTC')::date, 'completed', -1 FROM old_bookings WHERE status = 'completed'
      UNION ALL
      SELECT referral_agent_id, coalesce(referred_by_user_id, 0), (created_at AT TIME ZONE 'UTC')::date, 'referred', 1 FROM new_bookings
      UNION ALL
      SELECT referral_agent_id, coalesce(referred_by_user_id, 0), (date_time AT TIME ZONE 'UTC')::date, 'completed', 1 FROM new_bookings WHERE status = 'completed'
    ) AS changes
     GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0
    ON CONFLICT (referral_agent_id, member_id, measure, day) DO UPDATE SET bookings = d.bookings + excluded.bookings;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER booking_daily_insert AFTER INSERT ON bookings
  REFERENCING NEW TABLE AS new_bookings FOR EACH STATEMENT EXECUTE FUNCTION booking_daily_apply();
CREATE TRIGGER booking_daily_update AFTER UPDATE ON bookings
  REFERENCING OLD TABLE AS old_bookings NEW TABLE AS new_bookings FOR EACH STATEMENT EXECUTE FUNCTION booking_daily_apply();
CREATE TRIGGER booking_daily_delete AFTER DELETE ON bookings
  REFERENCING OLD TABLE AS old_bookings FOR EACH STATEMENT EXECUTE FUNCTION booking_daily_apply();

-- The bookings already there.
INSERT INTO booking_daily (referral_agent_id, member_id, day, measure, bookings)
SELECT referral_agent_id, coalesce(referred_by_user_id, 0), (created_at AT TIME ZONE 'UTC')::date, 'referred', count(*) FROM bookings GROUP BY 1, 2, 3
UNION ALL
SELECT referral_agent_id, coalesce(referred_by_user_id, 0), (date_time AT TIME ZONE 'UTC')::date, 'completed', count(*) FROM bookings WHERE status = 'completed' GROUP BY 1, 2, 3;

-- A TRUNCATE fires no row or transition triggers: it empties the rollup with the bookings (tests reset with it).
CREATE FUNCTION booking_daily_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE booking_daily;
  RETURN NULL;
END
$$;
CREATE TRIGGER booking_daily_truncate AFTER TRUNCATE ON bookings FOR EACH STATEMENT EXECUTE FUNCTION booking_daily_truncate();
ANALYZE booking_daily;
