/** Where the build writes the preload manifest, relative to the built app (a dot-folder: never served). */
export const PRELOAD_MANIFEST = '.vite/preload.json';

/** What the build knows about lazy chunks, in the shape the server needs to list them in a page. */
export interface PreloadManifest {
  /**
   * Every route of the app's table (English path, `:name` segments), the chunks its screen needs and
   * their stylesheets (which the screen's markup needs before it paints).
   */
  routes: { path: string; modules: string[]; styles: string[] }[];
  /** Each locale's messages chunk (and what it imports). */
  messages: Partial<Record<string, string[]>>;
  /** Chunks the entry loads on every start, whatever the page. */
  startup: string[];
}

/** Where the build writes the prerendered pages (scripts/vite-plugins.ts, `prerender`). */
export const PRERENDERED_PAGES = '.vite/prerendered.json';

/** Whom a prerendered page is for: a visitor without a session, or a customer with one. */
export type Audience = 'guest' | 'customer';

/** Page path (with its locale prefix, as requested) → its `#root` markup and document title, and for whom. */
export type PrerenderedPages = Partial<Record<string, { root: string; title: string; audience: Audience }>>;
