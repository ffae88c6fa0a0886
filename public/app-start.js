// The start of the app on a prerendered page (server/preload.ts): the page paints from its HTML and
// stylesheet alone, then this loads the app's scripts, so that first paint shares the network and the
// processor with nothing else. The script tag carries what index.html would have loaded and preloaded.
const { entry, preload } = document.querySelector('script[data-entry]').dataset;

/**
 * Adds the preloads in slices of a few milliseconds, each its own task, then loads the entry. Chromium
 * starts each link's request as it is added (~0.5 ms a link; /profile/security has 60): in one go that
 * was one task of 30–40 ms, over 100 ms at a phone's speed, blocking the page just after its first paint.
 */
function addPreloads(hrefs, then) {
  const sliceStart = performance.now();
  while (hrefs.length > 0 && performance.now() - sliceStart < 8) {
    const href = hrefs.shift();
    const link = document.createElement('link');
    link.rel = href.endsWith('.js') ? 'modulepreload' : 'preload';
    if (link.rel === 'preload') link.as = 'fetch';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  if (hrefs.length > 0) setTimeout(() => addPreloads(hrefs, then));
  else then();
}

let started = false;
function start() {
  if (started) return;
  started = true;
  addPreloads(preload.split(' ').filter(Boolean), () => import(entry));
}

// Once the first paint with content is on screen (its largest-contentful-paint entry comes after the
// frame is presented). Where that is not reported (a tab in the background, browsers without the
// entry type), after the next frame; and never later than a second, whatever happens.
if (document.visibilityState === 'visible' && PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
  new PerformanceObserver(start).observe({ type: 'largest-contentful-paint', buffered: true });
} else {
  requestAnimationFrame(() => setTimeout(start));
}
setTimeout(start, 1000);
