// The calculator's service worker (served as /calculator/sw.js, so its scope is the
// calculator alone): it keeps the page's own files and the list of rule sets, so that the page
// and the evening's sheet open without a network. Each is fetched from the network first (a
// new version shows at once) and from the cache when the network fails. Scoring itself is the
// server's (POST requests are never cached): offline, the page says so and keeps the hands.

const CACHE = "fourwinds-calculator-2";
const FILES = [
  "/calculator/",
  "/static/css/fourwinds.css",
  "/static/css/calculator.css",
  "/static/js/calculator.js",
  "/static/js/calculator-hand.js",
  "/static/js/calculator-evening.js",
  "/static/js/families/calculator-classical-style.js",
  "/static/js/families/calculator-american.js",
  "/static/js/board.js",
  "/static/js/options.js",
  "/static/js/tiles.js",
  "/static/js/tiles.json",
  "/api/score/rules",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin ||
    !FILES.includes(url.pathname)) return;
  event.respondWith(fetch(event.request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(event.request, copy));
    }
    return response;
  }).catch(() => caches.match(event.request, { ignoreSearch: true })));
});
