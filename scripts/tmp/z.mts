import { z } from 'zod';
import { installFieldNamedMessages } from '../../server/lib/zod-messages';
installFieldNamedMessages();
const s = z.object({ a: z.object({ b: z.string() }), c: z.string().min(1, 'C is required'), d: z.email() , e: z.coerce.number().int()});
const r = s.safeParse({ a: { b: 1 }, c: '', d: 'x', e: 'abc' });
console.log(r.error!.issues.map(i=>i.message));
