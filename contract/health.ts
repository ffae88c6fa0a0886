import { z } from 'zod';

/** `GET /health`: the process is up and answering. */
export const healthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof healthSchema>;

/** `GET /ready`: the database answers too, so this instance may take traffic. */
export const readinessSchema = z.object({ status: z.literal('ready') });
export type Readiness = z.infer<typeof readinessSchema>;
