// qianmj's service worker: the page and the library, kept for offline use. `make web` fills in
// the file list and a version made from the files' contents, so a new build replaces the old
// copy at the next visit. Only the page's own files are fetched: nothing else is asked for.
const VERSION = '@QIANMJ_SITE_VERSION@';
const CACHE = 'qianmj-' + VERSION;
const FILES = [@QIANMJ_SITE_FILES@];

// Each file is asked again with `no-cache`: the server answers 304 (a few hundred bytes) for
// what the page has just loaded, so the first visit fetches nothing twice. A copy in the
// browser's cache is revalidated, not trusted: that relies on the host's validators (an ETag,
// or a Last-Modified, that changes when the file does).
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(FILES.map((f) => new Request(f, {cache: 'no-cache'}))))
      .then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((k) => k.startsWith('qianmj-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()));
});

// Cache first (the files of one version never change); a page address with a query or a
// fragment is the page itself.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(request, {ignoreSearch: true});
      if (hit) return hit;
      if (request.mode === 'navigate') {
        const page = await cache.match('./');
        if (page) return page;
      }
      return fetch(request);
    }));
});
