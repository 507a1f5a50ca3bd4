# One image for every app; docker-compose.yml picks the app with `command`.
# Build stage: install with the dev tools, build, then drop dev dependencies.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY tsconfig.json .swcrc nest-cli.json ./
COPY apps ./apps
COPY libs ./libs
COPY tools ./tools
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Runtime stage: the built JavaScript and production dependencies only, as the unprivileged `node` user.
FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/apps/gateway/public ./apps/gateway/public
USER node
EXPOSE 3000
CMD ["node", "dist/libs/launch/src/launch.js", "gateway"]
