-- Operator invitations (issue 14, the console's Operators page): an admin invites an operator by e-mail; the link's
-- token lets them choose their password once. One row per operator while the invitation waits: a resent invitation
-- replaces it (the old link stops working), accepting it deletes it. An operator with a row here is "invited": their
-- password_hash is a random one nobody knows, so they cannot sign in before choosing theirs.
CREATE TABLE operator_invitations (
  operator_id integer PRIMARY KEY REFERENCES operators(id) ON DELETE CASCADE,
  -- sha256 of the link's token: a copy of this table does not hand out accounts
  token_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX operator_invitations_token ON operator_invitations (token_hash);
