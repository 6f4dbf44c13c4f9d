import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/kernel/db/schema/index.ts',
  out: './server/kernel/db/migrations',
});
