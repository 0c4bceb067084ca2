-- A notification as a message key with its values (issue 34 item 7): every read words it again in the reader's
-- language, so switching the portal's language changes the list too. title and body keep the words as sent (in the
-- recipient's saved language): what the live event and the e-mail said, and what a row without a key (the admin
-- command's message) or with a key no area defines any more shows.
ALTER TABLE notifications ADD COLUMN message_key text;
ALTER TABLE notifications ADD COLUMN message_values jsonb;
