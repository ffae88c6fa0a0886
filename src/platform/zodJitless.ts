import { config } from 'zod/v4/core';

/** Loaded by ./schemas.ts with the first schema (a dynamic import of zod/v4/core itself would load all of it). */
export const validateUncompiled = () => void config({ jitless: true });
