import { z } from 'zod';
import { timestampSchema } from './common';

/** `GET /dev/outbox?to=…`: exists only in demo mode, for tests and local development on the same machine. */
export const outboxQuerySchema = z.strictObject({ to: z.string().trim().toLowerCase().min(1).max(254) });

export const outboxMessageSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  channel: z.enum(['email', 'sms']),
  template: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: timestampSchema,
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** Newest first, at most 50. */
export const outboxMessagesSchema = z.object({ messages: z.array(outboxMessageSchema) });
