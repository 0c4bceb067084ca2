# syntax=docker/dockerfile:1
# The partner portal's image (docs/production.md, Container): the compiled server (scripts/build-server.mjs) and the
# SPA's build, run by `node` as the unprivileged `node` user: one process, no npm or tsx around it, so SIGTERM reaches
# the server itself and drains it (SHUTDOWN_TIMEOUT_SECONDS, default 25 s: keep the runtime's grace period above it).
# scripts/container-check.mjs runs these steps as plain commands in CI (there is no registry for base images there).

# ---- build: every dependency, then the SPA and the server ----
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

# ---- runtime: what the compiled server reads, nothing else ----
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/var/lib/portal
WORKDIR /app
# The production dependencies (npm prune above), with the workspace links they resolve through.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
# The server's folder: dist/ (the compiled server and its migrations) and the packages npm nested under it.
COPY --from=build /app/apps/server apps/server
# The SPA (served by the server) and its public folder (the logos statements print).
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/public apps/web/public
RUN mkdir -p /var/lib/portal && chown node:node /var/lib/portal
USER node
EXPOSE 3000
# Liveness: the process answers. Load balancers should route on /api/health/ready (the database and the job queue).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
