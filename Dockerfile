# Lectern: the API with its in-process ingest worker. docker-compose.yml builds it; alone:
#   docker build -t lectern . && docker run -p 127.0.0.1:3000:3000 -v lectern-data:/data lectern

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Only used when a native module (better-sqlite3) has no prebuilt binary for the platform and compiles.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# Dependencies first, so a source change does not reinstall them. `npm ci` would run `prepare` (the build)
# before the sources are here: skip scripts, then run the dependencies' own install scripts.
COPY package.json package-lock.json .npmrc ./
RUN npm ci --ignore-scripts && npm rebuild
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 LECTERN_DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# What `npm start` runs after its build step: the image is built once above, and the TypeScript
# compiler (a dev dependency) is not in this stage.
CMD ["node", "bin/lectern.js", "serve"]
