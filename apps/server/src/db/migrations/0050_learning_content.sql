-- Learning (issue 38): the content the content team writes in the console and partners read: articles,
-- knowledge-base answers, the handbook, videos and poster templates. An item keeps every version it was saved as;
-- partners read only the published one, and only when the item is visible to them (everyone, or the referral groups
-- and partner types chosen for it): the visibility is part of every partner query's WHERE clause.

-- Sections of articles, categories of knowledge-base answers, of videos and of posters.
CREATE TABLE learning_sections (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('article', 'knowledge', 'video', 'poster')),
  slug text NOT NULL,
  title_en text NOT NULL,
  title_ar text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  UNIQUE (kind, slug)
);

CREATE TABLE learning_items (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('article', 'knowledge', 'handbook', 'video', 'poster')),
  section_id integer REFERENCES learning_sections(id),
  -- draft: never published; published: partners read published_version; archived: nobody but the console reads it.
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  latest_version integer NOT NULL DEFAULT 1,
  published_version integer,
  -- 'all': every partner; 'chosen': only the referral groups and partner types listed below.
  audience text NOT NULL DEFAULT 'all' CHECK (audience IN ('all', 'chosen')),
  owner_operator_id integer REFERENCES operators(id) ON DELETE SET NULL,
  position integer NOT NULL DEFAULT 0,
  last_reviewed_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz,
  -- a video's file ({key, kind, contentType, size, name, encrypted}) and duration; a poster's template
  media jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status = 'draft' OR published_version IS NOT NULL)
);
CREATE INDEX learning_items_kind_status ON learning_items (kind, status, published_at DESC, id DESC);
CREATE INDEX learning_items_section ON learning_items (section_id, status);

CREATE TABLE learning_item_groups (
  item_id integer NOT NULL REFERENCES learning_items(id) ON DELETE CASCADE,
  referral_group_id integer NOT NULL REFERENCES referral_groups(id) ON DELETE CASCADE,
  PRIMARY KEY (item_id, referral_group_id)
);
CREATE INDEX learning_item_groups_group ON learning_item_groups (referral_group_id, item_id);

CREATE TABLE learning_item_partner_types (
  item_id integer NOT NULL REFERENCES learning_items(id) ON DELETE CASCADE,
  partner_type_id integer NOT NULL REFERENCES partner_types(id) ON DELETE CASCADE,
  PRIMARY KEY (item_id, partner_type_id)
);
CREATE INDEX learning_item_partner_types_type ON learning_item_partner_types (partner_type_id, item_id);

-- Every saved version, in both languages: the Markdown as written, the HTML sanitised on save, the plain text and
-- the table of contents derived from it. Arabic is optional; a reader asking for it gets English and is told so.
CREATE TABLE learning_versions (
  item_id integer NOT NULL REFERENCES learning_items(id) ON DELETE CASCADE,
  version integer NOT NULL,
  title_en text NOT NULL,
  title_ar text,
  summary_en text NOT NULL DEFAULT '',
  summary_ar text,
  body_md_en text NOT NULL DEFAULT '',
  body_md_ar text,
  body_html_en text NOT NULL DEFAULT '',
  body_html_ar text,
  body_text_en text NOT NULL DEFAULT '',
  body_text_ar text,
  toc_en jsonb NOT NULL DEFAULT '[]'::jsonb,
  toc_ar jsonb,
  words_en integer NOT NULL DEFAULT 0,
  words_ar integer,
  -- a video's captions (WebVTT), whose words are searched too
  captions_en text,
  captions_ar text,
  -- the handbook: the day this version takes effect, and what changed
  effective_on date,
  change_note text,
  created_by_operator_id integer REFERENCES operators(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Title weighs over body (A over B), each language with its own configuration (PGlite and PostgreSQL both ship
  -- 'english' and 'arabic').
  search_en tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', title_en), 'A') || setweight(to_tsvector('english', summary_en || ' ' || body_text_en), 'B')
  ) STORED,
  search_ar tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('arabic', coalesce(title_ar, '')), 'A') || setweight(to_tsvector('arabic', coalesce(summary_ar, '') || ' ' || coalesce(body_text_ar, '')), 'B')
  ) STORED,
  PRIMARY KEY (item_id, version)
);
CREATE INDEX learning_versions_search_en ON learning_versions USING gin (search_en);
CREATE INDEX learning_versions_search_ar ON learning_versions USING gin (search_ar);

-- "Was this helpful?": one vote per partner per version (a second vote changes the first).
CREATE TABLE learning_votes (
  item_id integer NOT NULL,
  version integer NOT NULL,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  helpful boolean NOT NULL,
  reason text,
  voted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (item_id, version, user_id),
  FOREIGN KEY (item_id, version) REFERENCES learning_versions(item_id, version) ON DELETE CASCADE
);

-- What a partner opened last (the continue strip) and when they last visited /resources (what is new).
CREATE TABLE learning_reads (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  item_id integer NOT NULL REFERENCES learning_items(id) ON DELETE CASCADE,
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, item_id)
);
CREATE INDEX learning_reads_user_recent ON learning_reads (user_id, read_at DESC);

CREATE TABLE learning_visits (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  -- the visit before the current one: what "new since your last visit" compares with
  previous_visit_at timestamptz,
  last_visit_at timestamptz NOT NULL DEFAULT now()
);

-- A partner's progress on a video: the watched ranges (whole seconds, merged), where they stopped, when it was
-- complete (90 % of the duration covered).
CREATE TABLE learning_video_progress (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  item_id integer NOT NULL REFERENCES learning_items(id) ON DELETE CASCADE,
  ranges jsonb NOT NULL DEFAULT '[]'::jsonb,
  watched_seconds integer NOT NULL DEFAULT 0,
  position_seconds numeric(10, 3) NOT NULL DEFAULT 0,
  completed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, item_id)
);
CREATE INDEX learning_video_progress_recent ON learning_video_progress (user_id, updated_at DESC);

-- A partner's acknowledgement of a handbook version.
CREATE TABLE learning_acknowledgements (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  item_id integer NOT NULL,
  version integer NOT NULL,
  acknowledged_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, item_id, version),
  FOREIGN KEY (item_id, version) REFERENCES learning_versions(item_id, version) ON DELETE CASCADE
);
