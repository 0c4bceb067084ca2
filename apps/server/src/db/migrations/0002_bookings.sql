-- Bookings (tickets) of the patients partners referred, and the catalogue they point at:
-- facilities (medical service providers) with their locations, specialties, services and the
-- facility's priced service details, and the operator's staff who handle a ticket.
-- Design notes: docs/decisions-bookings.md and the comment at the top of modules/bookings/repository.ts.

-- Trigram search (ILIKE '%term%' through a GIN index) and btree_gin (a plain integer column inside a
-- GIN index, so one index answers "this agent's rows containing these trigrams"). Both ship with
-- PostgreSQL's contrib and with PGlite (loaded by db/pglite-worker.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gin;

CREATE TABLE facilities (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  slug text NOT NULL UNIQUE,
  country text NOT NULL,
  city text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE facility_locations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  facility_id integer NOT NULL REFERENCES facilities(id) ON DELETE CASCADE,
  name text NOT NULL,
  address text,
  city text NOT NULL,
  country text NOT NULL,
  -- target of bookings' (facility_location_id, facility_id) foreign key: a booking's location is one of its facility's.
  UNIQUE (id, facility_id)
);
CREATE INDEX facility_locations_facility ON facility_locations (facility_id);

CREATE TABLE specialties (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE
);

CREATE TABLE services (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE,
  specialty_id integer REFERENCES specialties(id)
);

-- What a facility offers and at what price. Money is numeric(12,2) with its ISO 4217 currency, never a float.
CREATE TABLE facility_service_details (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  facility_id integer NOT NULL REFERENCES facilities(id) ON DELETE CASCADE,
  service_id integer NOT NULL REFERENCES services(id),
  specialty_id integer REFERENCES specialties(id),
  price numeric(12, 2) NOT NULL CHECK (price >= 0),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  UNIQUE (facility_id, service_id),
  UNIQUE (id, facility_id)
);

-- The operator's staff; a ticket's assignee ("Agent assigned" in the bookings table).
CREATE TABLE staff (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text
);

-- The patients a partner referred. A client belongs to one referral agent.
CREATE TABLE clients (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  referral_agent_id integer NOT NULL REFERENCES referral_agents(id),
  referred_by_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  name text NOT NULL,
  email text,
  phone text,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- target of bookings' (client_id, referral_agent_id) foreign key: a booking's patient is its agent's patient.
  UNIQUE (id, referral_agent_id)
);
CREATE INDEX clients_referral_agent ON clients (referral_agent_id);

CREATE TABLE bookings (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The operator's ticket number, shown with BOOKING_ID_PREFIX ('MT-'); may be missing (shown as '-').
  ticket_id text UNIQUE,
  -- The appointment.
  date_time timestamptz NOT NULL,
  client_id integer NOT NULL,
  facility_id integer NOT NULL,
  facility_location_id integer,
  assignee_id integer REFERENCES staff(id) ON DELETE SET NULL,
  facility_service_detail_id integer NOT NULL,
  specialty_id integer REFERENCES specialties(id),
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'confirmed', 'completed', 'cancelled', 'no_show')),
  invoice_status text NOT NULL DEFAULT 'unpaid' CHECK (invoice_status IN ('paid', 'unpaid')),
  amount numeric(12, 2) NOT NULL CHECK (amount >= 0),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  -- The scoping key of every partner query.
  referral_agent_id integer NOT NULL,
  referred_by_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  -- Denormalised, lower-cased "ticket patient facility service specialty assignee", kept by the triggers
  -- below; one trigram GIN index over it answers the list's search box (see docs/decisions-bookings.md).
  search_text text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (client_id, referral_agent_id) REFERENCES clients (id, referral_agent_id),
  FOREIGN KEY (facility_service_detail_id, facility_id) REFERENCES facility_service_details (id, facility_id),
  FOREIGN KEY (facility_location_id, facility_id) REFERENCES facility_locations (id, facility_id)
);

-- Indexes, one per query shape of GET /api/clients/bookings (every one starts with the scoping column):
-- default order and appointment-date ranges; the INCLUDE columns let any mix of the other filters, the
-- page's deferred join and the filtered counts run as index-only scans in date order.
CREATE INDEX bookings_agent_date ON bookings (referral_agent_id, date_time DESC, id DESC)
  INCLUDE (facility_id, invoice_status, created_at);
-- the Facility filter (with or without a date range), newest first.
CREATE INDEX bookings_agent_facility_date ON bookings (referral_agent_id, facility_id, date_time DESC, id DESC);
-- the paid/unpaid filter, deep pages included.
CREATE INDEX bookings_agent_invoice_date ON bookings (referral_agent_id, invoice_status, date_time DESC, id DESC);
-- filter_by=created_at and sort=created_at.
CREATE INDEX bookings_agent_created ON bookings (referral_agent_id, created_at DESC, id DESC);
-- sort=amount and sort=ticket_id (btree indexes are read backwards for the other direction).
CREATE INDEX bookings_agent_amount ON bookings (referral_agent_id, amount, id);
CREATE INDEX bookings_agent_ticket ON bookings (referral_agent_id, (coalesce(ticket_id, '')), id);
-- the search box: this agent's rows whose search_text holds the term's trigrams.
CREATE INDEX bookings_agent_search ON bookings USING gin (referral_agent_id, search_text gin_trgm_ops);
-- a patient's bookings (and deleting a client).
CREATE INDEX bookings_client ON bookings (client_id);

-- search_text: what the search box matches, built from the booking's own columns and its catalogue rows.
CREATE FUNCTION booking_search_text(
  p_ticket_id text, p_client_id integer, p_facility_id integer, p_detail_id integer, p_specialty_id integer, p_assignee_id integer
) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(' ',
    p_ticket_id,
    (SELECT name FROM clients WHERE id = p_client_id),
    (SELECT name FROM facilities WHERE id = p_facility_id),
    (SELECT s.name FROM facility_service_details d JOIN services s ON s.id = d.service_id WHERE d.id = p_detail_id),
    (SELECT name FROM specialties WHERE id = p_specialty_id),
    (SELECT first_name || ' ' || last_name FROM staff WHERE id = p_assignee_id)
  ))
$$;

CREATE FUNCTION bookings_before_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A bulk loader (the bench seed) that builds search_text in-set, with the same expression as
  -- booking_search_text(), sets portal.bulk_load=on for its session; everyone else gets it computed here.
  IF TG_OP = 'INSERT' AND NEW.search_text <> '' AND current_setting('portal.bulk_load', true) = 'on' THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'INSERT'
     OR NEW.search_text IS DISTINCT FROM OLD.search_text
     OR NEW.ticket_id IS DISTINCT FROM OLD.ticket_id
     OR NEW.client_id IS DISTINCT FROM OLD.client_id
     OR NEW.facility_id IS DISTINCT FROM OLD.facility_id
     OR NEW.facility_service_detail_id IS DISTINCT FROM OLD.facility_service_detail_id
     OR NEW.specialty_id IS DISTINCT FROM OLD.specialty_id
     OR NEW.assignee_id IS DISTINCT FROM OLD.assignee_id THEN
    NEW.search_text := booking_search_text(
      NEW.ticket_id, NEW.client_id, NEW.facility_id, NEW.facility_service_detail_id, NEW.specialty_id, NEW.assignee_id);
  END IF;
  IF TG_OP = 'UPDATE' THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER bookings_before_write BEFORE INSERT OR UPDATE ON bookings
  FOR EACH ROW EXECUTE FUNCTION bookings_before_write();

-- A renamed patient, facility, service, specialty or staff member is found under the new name at once.
CREATE FUNCTION bookings_refresh_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Touching search_text makes bookings_before_write rebuild it.
  CASE TG_TABLE_NAME
    WHEN 'clients' THEN
      UPDATE bookings SET search_text = '' WHERE client_id = NEW.id;
    WHEN 'facilities' THEN
      UPDATE bookings SET search_text = '' WHERE facility_id = NEW.id;
    WHEN 'services' THEN
      UPDATE bookings SET search_text = '' WHERE facility_service_detail_id IN
        (SELECT id FROM facility_service_details WHERE service_id = NEW.id);
    WHEN 'specialties' THEN
      UPDATE bookings SET search_text = '' WHERE specialty_id = NEW.id;
    WHEN 'staff' THEN
      UPDATE bookings SET search_text = '' WHERE assignee_id = NEW.id;
  END CASE;
  RETURN NULL;
END
$$;
CREATE TRIGGER clients_refresh_booking_search AFTER UPDATE OF name ON clients
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION bookings_refresh_search_text();
CREATE TRIGGER facilities_refresh_booking_search AFTER UPDATE OF name ON facilities
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION bookings_refresh_search_text();
CREATE TRIGGER services_refresh_booking_search AFTER UPDATE OF name ON services
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION bookings_refresh_search_text();
CREATE TRIGGER specialties_refresh_booking_search AFTER UPDATE OF name ON specialties
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION bookings_refresh_search_text();
CREATE TRIGGER staff_refresh_booking_search AFTER UPDATE OF first_name, last_name ON staff
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION bookings_refresh_search_text();

-- Per-agent booking count and data version, kept exact by statement-level triggers.
-- `total` is the unfiltered total of the list (no count(*) over 100,000 rows per request); `version`
-- changes on every write to the agent's bookings, so a cached filtered count keyed by it is never stale.
-- Versions come from one sequence: they never repeat, even for an agent whose row was rebuilt.
CREATE SEQUENCE booking_stats_version;
CREATE TABLE booking_stats (
  referral_agent_id integer PRIMARY KEY REFERENCES referral_agents(id) ON DELETE CASCADE,
  total bigint NOT NULL,
  version bigint NOT NULL
);

CREATE FUNCTION booking_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Rows are taken in agent order so that concurrent writers lock stats rows in the same order.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO booking_stats AS s (referral_agent_id, total, version)
    SELECT referral_agent_id, count(*), nextval('booking_stats_version')
      FROM new_rows GROUP BY referral_agent_id ORDER BY referral_agent_id
    ON CONFLICT (referral_agent_id) DO UPDATE SET total = s.total + excluded.total, version = excluded.version;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE booking_stats AS s SET total = s.total - d.removed, version = nextval('booking_stats_version')
      FROM (SELECT referral_agent_id, count(*) AS removed FROM old_rows GROUP BY referral_agent_id ORDER BY referral_agent_id) AS d
     WHERE s.referral_agent_id = d.referral_agent_id;
  ELSE
    -- Any change can move a booking in or out of a filter: every agent touched gets a new version,
    -- and a booking moved to another agent moves its count.
    INSERT INTO booking_stats AS s (referral_agent_id, total, version)
    SELECT referral_agent_id, sum(delta), nextval('booking_stats_version')
      FROM (
        SELECT referral_agent_id, 1 AS delta FROM new_rows
        UNION ALL
        SELECT referral_agent_id, -1 AS delta FROM old_rows
      ) AS changes
     GROUP BY referral_agent_id ORDER BY referral_agent_id
    ON CONFLICT (referral_agent_id) DO UPDATE SET total = s.total + excluded.total, version = excluded.version;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER bookings_stats_insert AFTER INSERT ON bookings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION booking_stats_apply();
CREATE TRIGGER bookings_stats_update AFTER UPDATE ON bookings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION booking_stats_apply();
CREATE TRIGGER bookings_stats_delete AFTER DELETE ON bookings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION booking_stats_apply();

CREATE FUNCTION booking_stats_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE booking_stats SET total = 0, version = nextval('booking_stats_version');
  RETURN NULL;
END
$$;
CREATE TRIGGER bookings_stats_truncate AFTER TRUNCATE ON bookings
  FOR EACH STATEMENT EXECUTE FUNCTION booking_stats_truncate();
