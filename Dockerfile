FROM node:20-bookworm-slim
WORKDIR /app
RUN npm i -g pnpm@12.21.0
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build
ENV NODE_ENV=production PORT=3000
EXPOSE 3000
CMD ["pnpm", "--filter", "@backoffice/api", "run", "start"]
