#!/bin/sh
# Run once by the postgres image on an empty data volume: the service's login, owning its database,
# without superuser rights (docs/operations.md, "PostgreSQL"). CREATEROLE lets its first migration make fds_app,
# the role requests run under.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" -v pw="$FDS_DB_PASSWORD" <<'SQL'
CREATE ROLE fds LOGIN CREATEROLE PASSWORD :'pw';
CREATE DATABASE fds OWNER fds;
SQL
