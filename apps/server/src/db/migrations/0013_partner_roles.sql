-- Roles inside a referral agent (issue 17): what each member of an organisation may see and do. Every partner who
-- existed before had the whole agent's view, which is the owner's; a registration founds its own agent, so its
-- partner is that agent's owner too. The role → permission map lives in packages/contracts/src/partner-roles.ts.
ALTER TABLE partner_profiles
  ADD COLUMN role text NOT NULL DEFAULT 'owner' CHECK (role IN ('owner', 'manager', 'agent', 'finance'));

-- "Never zero owners" is checked by the team service in its transaction; this index makes its count cheap.
CREATE INDEX partner_profiles_agent_role ON partner_profiles (referral_agent_id, role);
