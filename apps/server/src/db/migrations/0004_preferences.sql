-- Display preferences (issue 13): the language and the colour scheme a person chose, saved with the account so they
-- follow the person to every device and reach what the server writes for them (e-mails, notifications, PDF exports,
-- 422 messages). The CHECKs list packages/contracts/src/preferences.ts's LOCALES and THEMES.
ALTER TABLE users
  ADD COLUMN locale text NOT NULL DEFAULT 'en' CONSTRAINT users_locale_check CHECK (locale IN ('en', 'ar')),
  ADD COLUMN theme text NOT NULL DEFAULT 'system' CONSTRAINT users_theme_check CHECK (theme IN ('light', 'dark', 'system'));
