// The start of the app on a prerendered page (server/preload.ts): the page paints from its HTML and
// stylesheet alone, then this loads the app's scripts, so that first paint shares the network with
// nothing else. The script tag carries what index.html would have loaded and preloaded.
const { entry, preload } = document.querySelector('script[data-entry]').dataset;

// After the next frame is painted: requestAnimationFrame runs just before the paint, the timer after it.
requestAnimationFrame(() =>
  setTimeout(() => {
    for (const href of preload.split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = href.endsWith('.js') ? 'modulepreload' : 'preload';
      if (link.rel === 'preload') link.as = 'fetch';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    import(entry);
  }),
);
