# syntax=docker/dockerfile:1
# The product's image (issue 27): built here, installed for production by scripts/install-production.sh (the script
# CI's scripts/production-smoke.sh runs too), run as the unprivileged `node` user. Settings come from the environment
# (README, "Configuration"); compose.yaml starts it beside PostgreSQL 17.

FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY . .
RUN npm ci --no-audit --no-fund && npm run build && bash scripts/install-production.sh /app

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
WORKDIR /app
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["/app/start-production.sh"]
