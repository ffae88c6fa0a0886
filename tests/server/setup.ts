// Runs before each server test file. The server project shares modules between files (isolate: false,
// vite.config.ts), so what each file needs of its own is registered here rather than when helpers.ts
// is first imported, which happens once per worker.
import { afterAll } from 'vitest';
import { closeOpenDatabases } from './helpers';

// Audits and closes whatever test database the file left open.
afterAll(closeOpenDatabases);
