# The Ullage server with its built web app. Not built in CI (no container engine there):
# apps/server/src/deploy-files.test.ts checks that this file and compose.yaml name what the
# server reads. See docs/deploy.md.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps ./apps
COPY packages ./packages
COPY e2e/package.json ./e2e/package.json
COPY bench/package.json ./bench/package.json
COPY scripts ./scripts
COPY tsconfig.base.json ./
# Built, then without the development tools (tsx, Vite, esbuild, test servers): the server runs
# compiled JavaScript (apps/server/dist) and our own packages are bundled into it.
RUN npm ci --no-audit --no-fund && npm run build && npm prune --omit=dev --no-audit --no-fund
# Listen on every interface inside the container; the embedded database (without DATABASE_URL)
# lives in the /data volume.
ENV HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
VOLUME /data
EXPOSE 8080 1883
# Readiness, as the load balancer asks: 200 once the database (and the bus, the broker) answer.
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:8080/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# The compiled server (npm run build built it: apps/server/build.mjs), with the flags of
# scripts/server-node-flags.mjs, which says why.
CMD ["node", "--max-semi-space-size=64", "apps/server/dist/main.mjs"]
