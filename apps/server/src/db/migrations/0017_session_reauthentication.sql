-- The profile's Security tab (issue 17): when the member last proved it is them in this session (the current password
-- or a TOTP code). Turning two-factor on or off and regenerating recovery codes need it within the last 5 minutes;
-- a new session (sign-in rotates it) starts without it.
ALTER TABLE sessions ADD COLUMN reauthenticated_at timestamptz;
