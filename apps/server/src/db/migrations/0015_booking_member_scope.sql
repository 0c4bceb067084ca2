-- Bookings scoped by the member who referred them (issue 17): an 'agent' role sees only the bookings whose
-- referred_by_user_id is theirs (packages/contracts/src/partner-roles.ts referralScope). Each of the list's agent
-- indexes (0002_bookings.sql) gets a twin led by (referral_agent_id, referred_by_user_id), so a member's page is the
-- same index-only walk in sort order as the agent's, and a member's count is an index-only count of their entries.
-- Notes and figures: docs/team-scoping.md.
CREATE INDEX bookings_member_date ON bookings (referral_agent_id, referred_by_user_id, date_time DESC, id DESC)
  INCLUDE (facility_id, invoice_status, created_at);
CREATE INDEX bookings_member_facility_date ON bookings (referral_agent_id, referred_by_user_id, facility_id, date_time DESC, id DESC);
CREATE INDEX bookings_member_invoice_date ON bookings (referral_agent_id, referred_by_user_id, invoice_status, date_time DESC, id DESC);
CREATE INDEX bookings_member_created ON bookings (referral_agent_id, referred_by_user_id, created_at DESC, id DESC);
CREATE INDEX bookings_member_amount ON bookings (referral_agent_id, referred_by_user_id, amount, id);
CREATE INDEX bookings_member_ticket ON bookings (referral_agent_id, referred_by_user_id, (coalesce(ticket_id, '')), id);
