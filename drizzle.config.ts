import { defineConfig } from 'drizzle-kit';

// The tables: Hoy's schema, and a table a list's source declares beside it in its repository (a new
// one-table list keeps its table there, docs/adding-a-resource.md); `npm run db:generate` reads both.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/schema.ts', './server/modules/*/*.repository.ts'],
  out: './server/db/migrations',
});
