# syntax=docker/dockerfile:1
# florida-btr for towns that run containers. Built on the town's side (no image is published):
#   docker build -t florida-btr .
#   docker run -d --name florida-btr --env-file florida-btr.docker.env -v florida-btr-data:/data \
#     -p 127.0.0.1:3000:3000 --stop-timeout 60 florida-btr
# The data (database, uploads, mail, backups) is the volume /data; the image sets the paths, so
# the env file (deploy/florida-btr.env without the path lines, and without quotes: docker's
# --env-file keeps them) holds the rest. Put HTTPS in front (Caddy, deploy/Caddyfile) and set
# TRUSTED_PROXIES to the proxy's address as the container sees it. docs/operations.md, "Docker".

ARG NODE_IMAGE=node:20-bookworm-slim

# --- build: dependencies (better-sqlite3 compiles from source), the Remix build --------------
FROM ${NODE_IMAGE} AS build
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The dependencies first, so a change of code alone reuses this layer. postinstall applies patches/.
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund

# --- run: the built app, no compilers, not root ----------------------------------------------
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  START_WATCH_LAUNCHER=0 \
  SEED_DEMO=false \
  DATABASE_PATH=/data/app.db \
  UPLOADS_DIR=/data/uploads \
  MAIL_STORE_DIR=/data/mail \
  BACKUP_DIR=/data/backups \
  REGISTRY_DROP_DIR=/data/registry-drop
# A fixed uid, so a bind-mounted /data can be given to it: chown -R 10001:10001 <folder>
RUN groupadd --system --gid 10001 btr \
  && useradd --system --uid 10001 --gid btr --home-dir /data --no-create-home --shell /usr/sbin/nologin btr \
  && install -d -o btr -g btr -m 0750 /data /data/uploads /data/mail /data/backups /data/registry-drop
WORKDIR /app
# The code belongs to root: the app cannot change it.
COPY --from=build /app /app
USER btr
VOLUME ["/data"]
EXPOSE 3000
# Ready: the database answers and takes a write, migrations match, uploads writable, warmed up.
# The warm-up of a large registry takes minutes: failures in the first 15 minutes do not count.
HEALTHCHECK --interval=30s --timeout=5s --start-period=15m --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/resources/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# As `npm run start:server`, without npm: SIGTERM from `docker stop` reaches node itself.
# Give it time to finish requests and a backup: --stop-timeout 60 (docker's default is 10 s).
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "scripts/start.ts"]
