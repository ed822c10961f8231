# The image of both the bot and the GPU worker (compose.yaml picks the command). No build step:
# tsx runs the TypeScript sources.
FROM node:20.20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund
COPY . .
CMD ["npm", "start"]
