-- Postgres roles and schemas of the WFM platform (see infra/README.md, "Database roles").
-- Run by psql as a superuser, connected to the application database:
--   compose:    the postgres image runs it from /docker-entrypoint-initdb.d on first start;
--   Kubernetes: the db-roles init container of the migrate Job runs it from the app image.
-- Idempotent: re-running it creates what is missing and resets the passwords from the environment.
-- Each service logs in as <schema>_svc, which owns its own schema and nothing else.
\set ON_ERROR_STOP on
-- Re-runs would otherwise print a notice for everything that already exists.
SET client_min_messages = warning;

REVOKE ALL ON DATABASE :"DBNAME" FROM PUBLIC;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;

\set schema identity
\set role identity_svc
\set password_env IDENTITY_SVC_PASSWORD
\ir service-role.psql

\set schema forum
\set role forum_svc
\set password_env FORUM_SVC_PASSWORD
\ir service-role.psql

\set schema catalog
\set role catalog_svc
\set password_env CATALOG_SVC_PASSWORD
\ir service-role.psql

\set schema ama
\set role ama_svc
\set password_env AMA_SVC_PASSWORD
\ir service-role.psql

\set schema jobs
\set role jobs_svc
\set password_env JOBS_SVC_PASSWORD
\ir service-role.psql

\set schema admin
\set role admin_svc
\set password_env ADMIN_SVC_PASSWORD
\ir service-role.psql

-- wfm_backup: read-only across every schema, used by the worker for pg_dump.
\set role wfm_backup
\set password_env WFM_BACKUP_PASSWORD
\ir login-role.psql
GRANT pg_read_all_data TO wfm_backup;

-- wfm_restore: acts as every service role (membership) so pg_restore can drop and recreate
-- their objects with the right owners; CREATE on the database lets it recreate the schemas.
\set role wfm_restore
\set password_env WFM_RESTORE_PASSWORD
\ir login-role.psql
GRANT identity_svc, forum_svc, catalog_svc, ama_svc, jobs_svc, admin_svc TO wfm_restore;
GRANT CREATE ON DATABASE :"DBNAME" TO wfm_restore;
