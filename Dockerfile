# Multi-stage image for the SkillDuel server (API + built web app). Needs an external PostgreSQL (DATABASE_URL).
FROM node:22.23.3-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ENV NX_DAEMON=false NODE_ENV=production
RUN npx nx run-many -t build -p api,web --outputStyle=static

FROM node:22.23.3-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:22.23.3-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 WEB_DIST_DIR=/app/dist/apps/web
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "dist/apps/api/main.js"]
