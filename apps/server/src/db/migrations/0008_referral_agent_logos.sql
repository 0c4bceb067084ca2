-- The console's Referral agents page (issue 14): an operator uploads an agent's logo. The file is kept by the file
-- store (lib/storage) and described here (key, type, size, name: the StoredFile), while `logo` stays what partners'
-- pages load: the portal's route that serves the signed-in partner's own agent's logo, or a built-in /build/logos/
-- image of the demo and of registrations. updated_at says when an operator last changed the agent.
ALTER TABLE referral_agents ADD COLUMN logo_file jsonb;
ALTER TABLE referral_agents ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
-- The agents list filters by group, and the groups list counts each group's agents.
CREATE INDEX referral_agents_group ON referral_agents (referral_group_id);
