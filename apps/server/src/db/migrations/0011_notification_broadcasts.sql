-- What operators sent (issue 14, the console's Notifications page): one row per send, from the console or from the
-- admin command's notify / notify-agent, with its audience, its text (English, and Arabic when given), who sent it,
-- how many it reaches and how far the sending got. The notifications themselves stay one row per partner in
-- `notifications` (0003), each with data.broadcast_id pointing here.
CREATE TABLE notification_broadcasts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  audience text NOT NULL CONSTRAINT notification_broadcasts_audience_check CHECK (audience IN ('partner', 'agent', 'all')),
  -- the partner or the agent it went to (null for all partners); the label keeps the name it had when it was sent
  audience_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  audience_agent_id integer REFERENCES referral_agents(id) ON DELETE SET NULL,
  audience_label text,
  title text NOT NULL,
  body text NOT NULL DEFAULT '',
  -- the Arabic version, read by partners whose language is Arabic; null when the operator wrote none
  title_ar text,
  body_ar text,
  -- a page of the partner portal ('/bookings'), never another site's URL
  link text,
  sender_type text NOT NULL CONSTRAINT notification_broadcasts_sender_check CHECK (sender_type IN ('operator', 'cli')),
  sender_operator_id integer REFERENCES operators(id) ON DELETE SET NULL,
  -- the operator's name, or the command line's operating-system user, as it was
  sender_name text NOT NULL,
  -- approved partners it reaches (counted when it was sent), and how many have it stored so far
  recipient_count integer NOT NULL DEFAULT 0,
  sent_count integer NOT NULL DEFAULT 0,
  state text NOT NULL CONSTRAINT notification_broadcasts_state_check CHECK (state IN ('queued', 'sending', 'sent', 'failed')),
  -- the fan-out's progress: recipients are taken in user id order up to max_user_id (the newest account when it was
  -- sent); each batch moves the cursor in the transaction that stores its notifications, so a retry resumes after it
  cursor_user_id integer NOT NULL DEFAULT 0,
  max_user_id integer NOT NULL DEFAULT 0,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
-- The history, newest first.
CREATE INDEX notification_broadcasts_created ON notification_broadcasts (created_at DESC, id DESC);
