-- The profile (issue 17): a person's avatar and time zone, e-mail address changes confirmed from the new address,
-- and which notifications reach them on which channel (packages/contracts/src/profile.ts).

-- time_zone: an IANA name ('Asia/Dubai'); null follows the device. avatar_file: the file store's StoredFile of the
-- 512 px, metadata-free avatar (served by GET /api/profile/avatar), null when there is none.
ALTER TABLE users
  ADD COLUMN time_zone text CONSTRAINT users_time_zone_length CHECK (char_length(time_zone) BETWEEN 1 AND 64),
  ADD COLUMN avatar_file jsonb;

-- A pending change of a person's e-mail address: only the SHA-256 of the link's token is kept; it works once
-- (used_at) and until expires_at (15 minutes). The address changes when the link is followed.
CREATE TABLE email_changes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  new_email text NOT NULL,
  token_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE UNIQUE INDEX email_changes_token_hash ON email_changes (token_hash);
CREATE INDEX email_changes_user ON email_changes (user_id, created_at DESC);

-- A person's choice for one notification event on one channel. No row means the event's default
-- (NOTIFICATION_PREFERENCE_EVENTS); mandatory channels are never read from here.
CREATE TABLE notification_preferences (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  event text NOT NULL CHECK (char_length(event) BETWEEN 1 AND 100),
  channel text NOT NULL CHECK (channel IN ('in_app', 'email')),
  enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, event, channel)
);
