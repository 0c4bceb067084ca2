-- Notifications: one row per user (issue 4). A uuid id, as Laravel's notifications table has: ids in URLs
-- (POST /api/notifications/{id}/read) say nothing about how many there are or whose they are.
CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type text NOT NULL,
  title text NOT NULL,
  body text NOT NULL DEFAULT '',
  -- A route of the portal ('/bookings?search=MT-100234'), never another site's URL.
  link text,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The list, newest first (id breaks ties between rows stored in one statement).
CREATE INDEX notifications_user_created ON notifications (user_id, created_at DESC, id DESC);
-- The unread count and the unread filter touch only unread rows, however many read ones pile up.
CREATE INDEX notifications_user_unread ON notifications (user_id, created_at DESC, id DESC) WHERE read_at IS NULL;
