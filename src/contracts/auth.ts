import { z } from 'zod';
import { MAX_SHORT_TEXT_LENGTH } from './common';

export const loginRequestSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').max(MAX_SHORT_TEXT_LENGTH),
  password: z.string().min(1, 'Password is required').max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;
