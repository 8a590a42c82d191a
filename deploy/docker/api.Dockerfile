# The API image: serves /api and the built frontends on one origin.
# Build from the repository root: docker build -f deploy/docker/api.Dockerfile -t academy-api .
FROM node:24-bookworm-slim AS build
WORKDIR /repo
COPY package.json package-lock.json ./
COPY libs libs
COPY services services
COPY frontends frontends
COPY scripts scripts
COPY nx.json tsconfig.base.json tsconfig.json tsconfig.web.json ./
RUN npm install --no-audit --no-fund && NX_DAEMON=false npx nx run-many -t build --outputStyle=static

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /repo /app
RUN npm prune --omit=dev --no-audit --no-fund || true
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --retries=6 CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "services/api/dist/main.js"]
