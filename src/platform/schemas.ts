/**
 * Loads contract schemas the browser checks with (zod/mini), when first needed: the first load carries no
 * zod. Zod probes for eval (`new Function`) at its first parse to compile faster validators; the CSP
 * (`script-src 'self'`) refuses that and the browser reports a violation, so zod is told to validate
 * uncompiled before anything is parsed. Every start reads route-rules.json through here before the first
 * screen renders.
 */
export async function loadSchemas<T>(load: () => Promise<T>): Promise<T> {
  const [{ validateUncompiled }, schemas] = await Promise.all([import('./zodJitless'), load()]);
  validateUncompiled();
  return schemas;
}
