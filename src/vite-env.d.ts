/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_BUILD_ID?: string;
}

/** The contract's endpoints, method and path only, one export each (scripts/vite-plugins.ts). */
declare module 'virtual:meridian/endpoint-routes' {
  const routes: import('./api/client').EndpointRoutes;
  export = routes;
}
