# syntax=docker/dockerfile:1
# The API and the worker are the same image; APP_ROLE picks the role (api, worker or all).
# Written and checked by reading (no Docker daemon on the build machines): see docs/operations.md.

# ---- build: every dependency, compile the server (tsc) and the admin (Vite) ----
FROM node:20-bookworm-slim AS build
WORKDIR /app
# Manifests first, so the install layer is reused until they change. `npm install`, not `npm ci`:
# the committed lockfile only lists the linux-x64 builds of platform packages (see STACK-NOTES).
COPY package.json package-lock.json ./
COPY admin/package.json admin/
COPY packages/rules/package.json packages/rules/
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build \
 # Only what runs: drop dev dependencies (TypeScript, Jest, Vite) after building.
 && npm prune --omit=dev --no-audit --no-fund

# ---- runtime: compiled output and production dependencies, as the unprivileged `node` user ----
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    STORAGE_DIR=/app/.data/files
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/admin/package.json ./admin/package.json
# The shared rules package (node_modules/@ar/rules links here): its manifest and compiled output.
COPY --from=build /app/packages/rules/package.json ./packages/rules/package.json
COPY --from=build /app/packages/rules/dist ./packages/rules/dist
COPY --from=build /app/node_modules ./node_modules
# dist/ holds the server, the CLI and the compiled migrations (dist/migrations); admin/dist the react-admin build.
COPY --from=build /app/dist ./dist
COPY --from=build /app/admin/dist ./admin/dist
# The local file storage folder, owned by `node` so a named volume mounted here is writable.
RUN mkdir -p /app/.data/files && chown -R node:node /app/.data
USER node
EXPOSE 3000
# Node has fetch; the slim image has no curl. The worker (no HTTP) turns this off in compose.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and receives SIGTERM itself (graceful shutdown within 25 s).
CMD ["node", "dist/src/main.js"]
