// `npm run dev`: the API server with reload on change (tsx watch) and Vite with hot reload, which
// proxies /api to it — one origin in the browser, as in production — plus local OpenID providers on
// 127.0.0.1 standing in for Google and Apple, which the server is pointed at.
import { spawn } from 'node:child_process';
import { localOidcEnv } from './oidc-local.mjs';

const apiPort = process.env.API_PORT ?? '3000';
// The browser is at Vite's origin, so that is where the providers send it back to.
const appOrigin = process.env.PUBLIC_ORIGIN ?? 'http://localhost:5173';
const oidcPorts = { googlePort: process.env.OIDC_GOOGLE_PORT ?? '9401', applePort: process.env.OIDC_APPLE_PORT ?? '9402' };
const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...localOidcEnv(oidcPorts), ...process.env, PORT: apiPort, PUBLIC_ORIGIN: appOrigin },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
  spawn('npx', ['tsx', 'scripts/oidc-providers.ts'], {
    stdio: 'inherit',
    env: { ...process.env, APP_ORIGIN: appOrigin, OIDC_GOOGLE_PORT: oidcPorts.googlePort, OIDC_APPLE_PORT: oidcPorts.applePort },
  }),
];
const stop = (code) => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
};
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
