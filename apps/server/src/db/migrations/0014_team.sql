-- The team of a referral agent (issue 17, modules/team): invitations, deactivation, a seat limit and a team log.

-- Two account statuses of the team: 'invited' (an owner invited the person; they cannot sign in until the e-mailed
-- link, a login_links row of purpose 'invitation', is spent on /authenticate) and 'deactivated' (an owner turned the
-- member off: no sign-in, no session; past referrals keep their attribution). Only 'approved' passes the auth guard
-- (lib/session-sql.ts), so neither needs another column to check.
ALTER TABLE users DROP CONSTRAINT users_status_check;
ALTER TABLE users ADD CONSTRAINT users_status_check
  CHECK (status IN ('pending', 'approved', 'rejected', 'suspended', 'invited', 'deactivated'));

-- How many members an agent may have, set by operators in the console. Members that are not deactivated (or
-- rejected) hold a seat, invited ones included.
ALTER TABLE referral_agents ADD COLUMN seat_limit integer NOT NULL DEFAULT 5 CHECK (seat_limit BETWEEN 1 AND 1000);

-- One row per invited member: who invited them, when the current link was sent and when it expires (the link's token
-- itself is hashed in login_links), and when they accepted. Kept after acceptance, for the team page.
CREATE TABLE team_invitations (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  referral_agent_id integer NOT NULL REFERENCES referral_agents(id) ON DELETE CASCADE,
  invited_by_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX team_invitations_agent ON team_invitations (referral_agent_id);

-- The team log: who invited, changed or deactivated whom, and when. Names are copied, so a revoked invitation (whose
-- user row is deleted) still reads in the log. Scoped by agent; the console's audit log has the same events.
CREATE TABLE team_events (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  referral_agent_id integer NOT NULL REFERENCES referral_agents(id) ON DELETE CASCADE,
  action text NOT NULL CHECK (action IN ('invited', 'invitation_resent', 'invitation_revoked', 'invitation_accepted',
    'role_changed', 'deactivated', 'reactivated', 'ownership_transferred')),
  actor_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  actor_name text,
  target_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  target_name text NOT NULL,
  role_before text,
  role_after text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX team_events_agent_created ON team_events (referral_agent_id, created_at DESC, id DESC);
