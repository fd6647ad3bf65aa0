// A role as the API reads and writes it; apart from roles.ts, which the back-office's first load reads without zod.
import { z } from 'zod';
import { ROLES } from './roles';

export const roleSchema = z.enum(ROLES);
