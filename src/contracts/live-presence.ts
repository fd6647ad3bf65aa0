// The presence calls' schemas (src/contracts/live.ts says what presence is). Apart from live.ts
// because they hold zod, which the back-office's shell does not load.
import { z } from 'zod';
import { PRESENCE_RESOURCES } from './live';

export const presenceTargetSchema = z.object({
  resource: z.enum(PRESENCE_RESOURCES),
  id: z.number().int().positive().max(2_147_483_647),
});

export const presenceQuerySchema = z.object({ resource: z.enum(PRESENCE_RESOURCES) });

export const liveViewerSchema = z.object({ administratorId: z.number().int(), name: z.string() });

/** GET's answer: the records of the list that someone reviews now, each with its viewers. */
export const presenceListSchema = z.array(z.object({ id: z.number().int(), viewers: z.array(liveViewerSchema) }));
