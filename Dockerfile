# fds in a container: built in a first stage (npm ci, tsc), run from a second that holds only the
# compiled service and its production dependencies, as a non-root user. `docker compose up` runs it
# beside PostgreSQL (compose.yaml); alone, it runs on the embedded database in the /data volume.
#
#   docker build -t fds .
#   docker run -p 8080:8080 -v fds-data:/data fds
#
# NODE_IMAGE: any Debian-based image with Node.js 20 or 22 at /usr/local/bin/node (CI builds one
# from Debian packages, having no access to Docker Hub: .ci/container).
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# A build behind a TLS-inspecting proxy can hand its certificate authority in as the secret "ca".
RUN --mount=type=secret,id=ca,required=false \
    if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi; \
    npm ci --no-audit --no-fund --ignore-scripts
COPY tsconfig.json tsconfig.build.json ./
COPY scripts/build.mjs scripts/build.mjs
COPY src src
RUN node scripts/build.mjs --force && npm prune --omit=dev --no-audit --no-fund --ignore-scripts

FROM ${NODE_IMAGE}
# NODE_ENV is left unset: JWT_SECRET is then generated once into /data unless given (docs/configuration.md).
ENV HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
WORKDIR /app
# A user of its own; /data (the embedded database, kept files, the generated JWT secret) is its.
RUN groupadd --system fds && useradd --system --gid fds --home-dir /app --shell /usr/sbin/nologin fds \
    && mkdir -p /data && chown fds:fds /data
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
USER fds
VOLUME /data
EXPOSE 8080
# Ready once migrations are applied and the database answers (GET /readyz); a start that applies
# long migrations is given its start period.
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "dist/main.js"]
