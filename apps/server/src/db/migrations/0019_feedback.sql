-- Feedback (issue 17): a partner's submission is a thread of messages that operators answer in the console's support
-- inbox. Scoped by referral_agent_id (and, for members who see only their own, author_user_id) in every partner
-- query; the inbox filters by status, assignee and agent.
CREATE TABLE feedback_threads (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  referral_agent_id integer NOT NULL REFERENCES referral_agents(id) ON DELETE CASCADE,
  author_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  category text NOT NULL CHECK (category IN ('booking', 'payout', 'portal_problem', 'content', 'other')),
  rating smallint CHECK (rating BETWEEN 1 AND 5),
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'in_review', 'answered', 'closed')),
  assignee_operator_id integer REFERENCES operators(id) ON DELETE SET NULL,
  -- attached by the page: where the partner was, the SPA's build, the language it was shown in
  page_url text,
  app_version text,
  language text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_message_at timestamptz NOT NULL DEFAULT now()
);
-- The partner's list (the agent's, or one member's), latest activity first.
CREATE INDEX feedback_threads_agent ON feedback_threads (referral_agent_id, author_user_id, last_message_at DESC, id DESC);
-- The inbox, by status and by assignee.
CREATE INDEX feedback_threads_status ON feedback_threads (status, last_message_at DESC, id DESC);
CREATE INDEX feedback_threads_assignee ON feedback_threads (assignee_operator_id, last_message_at DESC) WHERE assignee_operator_id IS NOT NULL;

CREATE TABLE feedback_messages (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  thread_id integer NOT NULL REFERENCES feedback_threads(id) ON DELETE CASCADE,
  author_type text NOT NULL CHECK (author_type IN ('partner', 'operator')),
  author_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  author_operator_id integer REFERENCES operators(id) ON DELETE SET NULL,
  -- an operator's note for the team: never in a partner's answer
  internal boolean NOT NULL DEFAULT false,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (NOT internal OR author_type = 'operator')
);
CREATE INDEX feedback_messages_thread ON feedback_messages (thread_id, created_at, id);

-- Uploaded files (app.storage, kind 'feedback-attachment', encrypted at rest). Uploaded first, then claimed by the
-- message that carries them (message_id set once, in the message's transaction).
CREATE TABLE feedback_attachments (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  uploaded_by_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  message_id integer REFERENCES feedback_messages(id) ON DELETE CASCADE,
  -- the file store's answer: key, kind, contentType, size, name, encrypted
  file jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feedback_attachments_message ON feedback_attachments (message_id);
CREATE INDEX feedback_attachments_pending ON feedback_attachments (uploaded_by_user_id, created_at) WHERE message_id IS NULL;
