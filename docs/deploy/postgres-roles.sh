#!/bin/sh
# The portal's two roles (docs/production.md, N3), on the PostgreSQL container's first start: portal_owner owns the
# database and its schema and runs the migrations; portal_app is what the servers log in as. It owns no table, so it
# cannot disable the append-only triggers; the migrations grant it what it needs. CREATE on the database lets the job
# queue (pg-boss) make its own schema, pgboss.
set -eu
psql -v ON_ERROR_STOP=1 --username postgres \
  -v owner_password="$PORTAL_OWNER_PASSWORD" -v app_password="$PORTAL_APP_PASSWORD" <<'SQL'
CREATE ROLE portal_owner LOGIN PASSWORD :'owner_password';
CREATE ROLE portal_app LOGIN PASSWORD :'app_password';
CREATE DATABASE portal OWNER portal_owner;
GRANT CREATE ON DATABASE portal TO portal_app;
SQL
