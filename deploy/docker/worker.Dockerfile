# The worker image: projection runners and queue processors (no HTTP).
# Build from the repository root: docker build -f deploy/docker/worker.Dockerfile -t academy-worker .
FROM node:24-bookworm-slim AS build
WORKDIR /repo
COPY package.json package-lock.json ./
COPY libs libs
COPY services services
COPY frontends frontends
COPY scripts scripts
COPY nx.json tsconfig.base.json tsconfig.json ./
RUN npm install --no-audit --no-fund && NX_DAEMON=false npx nx run-many -t build --projects=@academy/worker --outputStyle=static

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /repo /app
RUN npm prune --omit=dev --no-audit --no-fund || true
USER node
CMD ["node", "--enable-source-maps", "services/worker/dist/main.js"]
