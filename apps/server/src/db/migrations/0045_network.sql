-- The facility network (issue 36): products, facility profiles (doctors, accreditations, photos, opening hours,
-- travel notes), health packages and the refund policy. Built on the facilities, locations, services, specialties and
-- prices of migration 0002; none of those tables changes shape here (see 0046 for the prices' validity).
-- docs/network.md says why each table is shaped as it is.

-- A line of business with its own network: /medical-network, /dental-network.
CREATE TABLE network_products (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 40),
  name text NOT NULL,
  name_ar text NOT NULL,
  description text NOT NULL DEFAULT '',
  description_ar text NOT NULL DEFAULT '',
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE network_product_specialties (
  product_id integer NOT NULL REFERENCES network_products(id) ON DELETE CASCADE,
  specialty_id integer NOT NULL REFERENCES specialties(id) ON DELETE CASCADE,
  PRIMARY KEY (product_id, specialty_id)
);
CREATE INDEX network_product_specialties_specialty ON network_product_specialties (specialty_id, product_id);

-- A facility's public profile. A facility without a published profile is not in the network.
CREATE TABLE network_facility_profiles (
  facility_id integer PRIMARY KEY REFERENCES facilities(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
  description text NOT NULL DEFAULT '',
  -- BCP 47 tag of the facility's own texts (description, travel notes): the page says which language it is in.
  content_language text NOT NULL DEFAULT 'en' CHECK (content_language ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$'),
  -- ISO 639-1 codes of the languages spoken with patients.
  languages text[] NOT NULL DEFAULT '{}',
  nearest_airport text NOT NULL DEFAULT '',
  transfer_note text NOT NULL DEFAULT '',
  accommodation_note text NOT NULL DEFAULT '',
  -- Paid placement: listed first, always labelled "Promoted" (the published sort rule says so).
  promoted boolean NOT NULL DEFAULT false,
  latitude numeric(8, 5) CHECK (latitude BETWEEN -90 AND 90),
  longitude numeric(8, 5) CHECK (longitude BETWEEN -180 AND 180),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX network_facility_profiles_published ON network_facility_profiles (status, promoted DESC, facility_id);

-- Old slugs of a facility: a link to one answers 301 to the current slug. Written by the trigger below, whoever
-- renames the slug (the console, a script), so no rename can forget it.
CREATE TABLE network_facility_slug_history (
  slug text PRIMARY KEY,
  facility_id integer NOT NULL REFERENCES facilities(id) ON DELETE CASCADE,
  replaced_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX network_facility_slug_history_facility ON network_facility_slug_history (facility_id);

CREATE FUNCTION network_remember_facility_slug() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.slug IS DISTINCT FROM OLD.slug THEN
    -- A slug taken back by its own facility is current again, not an old one.
    DELETE FROM network_facility_slug_history WHERE slug = NEW.slug;
    INSERT INTO network_facility_slug_history (slug, facility_id) VALUES (OLD.slug, OLD.id)
      ON CONFLICT (slug) DO UPDATE SET facility_id = excluded.facility_id, replaced_at = now();
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER network_remember_facility_slug AFTER UPDATE OF slug ON facilities
  FOR EACH ROW EXECUTE FUNCTION network_remember_facility_slug();

-- Photos of a facility, as the storage service answered them (key, contentType, size…), resized by sharp.
CREATE TABLE network_facility_photos (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  facility_id integer NOT NULL REFERENCES facilities(id) ON DELETE CASCADE,
  file jsonb NOT NULL,
  caption text NOT NULL DEFAULT '',
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX network_facility_photos_facility ON network_facility_photos (facility_id, position, id);

CREATE TABLE network_doctors (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  facility_id integer NOT NULL REFERENCES facilities(id) ON DELETE CASCADE,
  name text NOT NULL,
  specialty_id integer REFERENCES specialties(id) ON DELETE SET NULL,
  qualifications text NOT NULL DEFAULT '',
  languages text[] NOT NULL DEFAULT '{}',
  photo jsonb,
  position integer NOT NULL DEFAULT 0,
  UNIQUE (id, facility_id)
);
CREATE INDEX network_doctors_facility ON network_doctors (facility_id, position, id);

-- An accreditation is shown only while verified by an operator and not expired: valid_until is compared with the
-- day of the request, so an expired one disappears by itself.
CREATE TABLE network_accreditations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  facility_id integer NOT NULL REFERENCES facilities(id) ON DELETE CASCADE,
  body text NOT NULL,
  number text NOT NULL DEFAULT '',
  valid_until date NOT NULL,
  evidence jsonb,
  verified_by integer REFERENCES operators(id) ON DELETE SET NULL,
  verified_at timestamptz
);
CREATE INDEX network_accreditations_facility ON network_accreditations (facility_id, valid_until);
CREATE INDEX network_accreditations_body ON network_accreditations (body, facility_id);

-- What a location adds for the network: where it is on the map and when it is open.
CREATE TABLE network_location_details (
  location_id integer PRIMARY KEY REFERENCES facility_locations(id) ON DELETE CASCADE,
  latitude numeric(8, 5) CHECK (latitude BETWEEN -90 AND 90),
  longitude numeric(8, 5) CHECK (longitude BETWEEN -180 AND 180),
  time_zone text,
  -- [{"day": 1..7 (Monday 1), "opens": "08:00", "closes": "20:00"}], checked by the API's contract.
  opening_hours jsonb NOT NULL DEFAULT '[]',
  phone text NOT NULL DEFAULT ''
);

-- The refund policy: numbered versions; the one in force is the newest whose effective date has come.
CREATE TABLE network_refund_policy_versions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  version integer NOT NULL UNIQUE CHECK (version > 0),
  effective_on date NOT NULL,
  summary text NOT NULL,
  summary_ar text NOT NULL,
  full_text text NOT NULL,
  full_text_ar text NOT NULL,
  changes text[] NOT NULL DEFAULT '{}',
  changes_ar text[] NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
  published_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Structured terms where a facility or a package differs from the general policy.
CREATE TABLE network_refund_terms (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  facility_id integer NOT NULL REFERENCES facilities(id) ON DELETE CASCADE,
  -- null: every package of the facility without terms of its own
  package_id integer,
  deposit_minor bigint NOT NULL CHECK (deposit_minor >= 0),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  -- the deposit is refunded in full until this many days before the treatment
  refundable_until_days integer NOT NULL CHECK (refundable_until_days BETWEEN 0 AND 365),
  doctor_declines text NOT NULL,
  changes_paid_by text NOT NULL CHECK (changes_paid_by IN ('patient', 'facility', 'shared')),
  notes text NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX network_refund_terms_scope ON network_refund_terms (facility_id, coalesce(package_id, 0));

CREATE TABLE network_packages (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  facility_id integer NOT NULL REFERENCES facilities(id) ON DELETE CASCADE,
  category text NOT NULL CHECK (category ~ '^[a-z]+(-[a-z]+)*$'),
  title text NOT NULL,
  summary text NOT NULL DEFAULT '',
  -- the service the rate card prices (the commission preview); null: no preview
  service_id integer REFERENCES services(id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  price_kind text NOT NULL CHECK (price_kind IN ('fixed', 'from', 'range')),
  -- minor units of `currency`; price_max_minor only for a range, above the minimum
  price_minor bigint NOT NULL CHECK (price_minor > 0),
  price_max_minor bigint CHECK (price_max_minor IS NULL OR price_max_minor > price_minor),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  valid_from date NOT NULL,
  valid_to date NOT NULL CHECK (valid_to >= valid_from),
  inclusions text[] NOT NULL DEFAULT '{}',
  exclusions text[] NOT NULL DEFAULT '{}',
  -- [{"name": "Extra night", "price_minor": 25000, "per": "night"}]
  addons jsonb NOT NULL DEFAULT '[]',
  hospital_days integer NOT NULL DEFAULT 0 CHECK (hospital_days BETWEEN 0 AND 365),
  country_days integer NOT NULL DEFAULT 0 CHECK (country_days BETWEEN 0 AND 365),
  search_text text NOT NULL DEFAULT '',
  published_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((price_kind = 'range') = (price_max_minor IS NOT NULL))
);
CREATE INDEX network_packages_facility ON network_packages (facility_id, status);
CREATE INDEX network_packages_category ON network_packages (status, category, id);
ALTER TABLE network_refund_terms ADD FOREIGN KEY (package_id) REFERENCES network_packages(id) ON DELETE CASCADE;

CREATE TABLE network_package_locations (
  package_id integer NOT NULL REFERENCES network_packages(id) ON DELETE CASCADE,
  location_id integer NOT NULL REFERENCES facility_locations(id) ON DELETE CASCADE,
  PRIMARY KEY (package_id, location_id)
);

CREATE TABLE network_package_doctors (
  package_id integer NOT NULL REFERENCES network_packages(id) ON DELETE CASCADE,
  doctor_id integer NOT NULL REFERENCES network_doctors(id) ON DELETE CASCADE,
  PRIMARY KEY (package_id, doctor_id)
);
