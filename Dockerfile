# Hoy's container image: the built web app and the server bundle on Node.js 20, run as a non-root
# user with production dependencies only (docs/deployment.md).

# 1. Build: every dependency, the web app (dist/) and the server bundle (build/server/).
FROM node:20.20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --engine-strict
COPY . .
RUN npm run build && npm run build:server

# 2. Production dependencies alone: no TypeScript, no tsx, no vite, no test tools.
FROM node:20.20-bookworm-slim AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --engine-strict --ignore-scripts && npm cache clean --force

# 3. Run: Node.js, the bundle, its migrations, the web app; npm itself removed.
FROM node:20.20-bookworm-slim
RUN rm -rf /usr/local/lib/node_modules/npm /usr/local/bin/npm /usr/local/bin/npx /opt/yarn* /usr/local/bin/yarn /usr/local/bin/yarnpkg \
  && mkdir -p /data && chown node:node /data
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    STATIC_DIR=/app/dist \
    LOG_FORMAT=json
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/build/server ./server
COPY --from=build /app/dist ./dist
COPY package.json ./
USER node
EXPOSE 3000
# The embedded database lives here when DATABASE_URL is not set (one container only).
VOLUME ["/data"]
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "server/main.mjs"]
