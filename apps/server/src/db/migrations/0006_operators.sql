-- Operators (issue 14): the staff who work in the operations console. Accounts of their own, not partners: another
-- table, another session table and another cookie, so a partner's session can never reach the console and an
-- operator's is never a partner's (docs/decisions.md, "Operators and their sessions").
CREATE TABLE operators (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL,
  password_hash text NOT NULL,
  -- packages/contracts/src/operator-permissions.ts maps each role to its permissions
  role text NOT NULL CONSTRAINT operators_role_check CHECK (role IN ('admin', 'finance', 'content', 'support')),
  -- a disabled operator cannot sign in, and its sessions stop working at once
  status text NOT NULL DEFAULT 'active' CONSTRAINT operators_status_check CHECK (status IN ('active', 'disabled')),
  -- TOTP is mandatory: null until the first sign-in enrols an app. AES-256-GCM with APP_KEY.
  two_factor_secret text,
  two_factor_confirmed_at timestamptz,
  -- the last TOTP time step accepted, so that a code works once
  two_factor_last_step bigint,
  last_sign_in_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX operators_email_unique ON operators (lower(email));

CREATE TABLE operator_recovery_codes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator_id integer NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
  -- sha256 of the code: long random strings, so a fast hash is enough
  code_hash text NOT NULL,
  used_at timestamptz
);
CREATE INDEX operator_recovery_codes_operator ON operator_recovery_codes (operator_id);

-- The console's sessions, as `sessions` is the partners'. operator_id is null for a guest session (before sign-in,
-- holding the CSRF token and a sign-in waiting for its code) and set only once the second factor passed.
CREATE TABLE operator_sessions (
  -- sha256 of the cookie's token: a copy of this table does not hand out live sessions
  id text PRIMARY KEY,
  operator_id integer REFERENCES operators(id) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_activity_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX operator_sessions_operator ON operator_sessions (operator_id);
CREATE INDEX operator_sessions_expires ON operator_sessions (expires_at);
