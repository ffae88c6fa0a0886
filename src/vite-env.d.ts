/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_BUILD_ID?: string;
}

/** The contract's endpoint table, method and path only (scripts/vite-plugins.ts). */
declare module 'virtual:meridian/endpoint-routes' {
  const routes: Record<string, { method: import('../contract/endpoints').HttpMethod; path: string }>;
  export default routes;
}
