import { openPglite } from '../../server/db/client';
const t=Date.now();
const h = await openPglite({dataDir: '/tmp/hoytest'});
await h.migrate();
console.log('migrated', Date.now()-t);
console.log(await h.query((await import('drizzle-orm')).sql`select count(*) from pg_indexes where schemaname='public'`));
await h.close();
