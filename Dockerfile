# The image of both the bot and the GPU worker (compose.yaml picks the command). Two stages: the
# first installs everything and compiles src/ to dist/ (`npm run build`, esbuild), then drops the
# development packages; the second is that result, so `npm start` / `npm run trabajador` find
# dist/ fresh (their freshness check is a stat of each source, nothing is compiled at start).
FROM node:20.20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# `prepare` runs here too and finds no src/ yet: nothing to compile.
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20.20-bookworm-slim
WORKDIR /app
COPY --from=build /app /app
CMD ["npm", "start"]
