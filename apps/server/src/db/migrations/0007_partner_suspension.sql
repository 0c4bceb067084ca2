-- An operator can suspend a partner's account from the console (issue 14, Partners page) and reactivate it later: a
-- status of its own, so the auth guard's one rule (only 'approved' reaches the partner area) keeps every suspended
-- session out without another column to check, and the account keeps everything it had.
ALTER TABLE users DROP CONSTRAINT users_status_check;
ALTER TABLE users ADD CONSTRAINT users_status_check CHECK (status IN ('pending', 'approved', 'rejected', 'suspended'));
