// The service worker, served at /sw.js with CONFIG filled in (scorekeeper/web/common/pwa.py).
//
// - Static files: kept ahead of time under the versioned addresses every page loads
//   (CONFIG.shell), any other one the first time a page asks for it; answered from the
//   cache first (an address carries its file's digest, so a kept copy never goes stale).
// - Pages: always asked of the server first. A copy of each page in CONFIG.pages is kept
//   under its own address — never shown for any other: one game's page is never shown
//   for another game's link, nor for a view-only link — and shown, marked as a copy, only
//   when the server cannot be reached. Any other page then gets the offline page, in the
//   language of the last page the phone opened.
// - Nothing else (the JSON API, the live sheet, forms sent) is touched: it goes to the
//   server as if there were no worker. Deals saved without a connection are kept by the
//   page itself (static/phone.js), not here.
const CONFIG = {{ config | tojson }};
const STATIC = `hand-static-${CONFIG.version}`;
const PAGES = "hand-pages";
const KEEP_PAGES = 40;
const SETTINGS = "hand-settings";
const PAGE_PATTERNS = CONFIG.pages.map((pattern) => new RegExp(pattern));
let language = null;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(STATIC);
    await cache.addAll([...CONFIG.shell, ...Object.values(CONFIG.offline)]);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    // Static files of earlier versions go; kept pages stay (their old static addresses
    // are answered with the current file of the same name when offline).
    for (const name of await caches.keys()) {
      if (name.startsWith("hand-static-") && name !== STATIC) {
        await caches.delete(name);
      }
    }
    await self.clients.claim();
  })());
});

function keepable(url) {
  return url.origin === self.location.origin && !url.search
    && PAGE_PATTERNS.some((pattern) => pattern.test(url.pathname));
}

function pageKey(url) {
  return url.origin + url.pathname;
}

async function keepPage(url, response) {
  const cache = await caches.open(PAGES);
  const key = pageKey(url);
  // Delete, then put: the oldest kept page comes first in keys(), and goes first.
  await cache.delete(key, { ignoreVary: true });
  await cache.put(key, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - KEEP_PAGES))) {
    await cache.delete(old, { ignoreVary: true });
  }
}

async function rememberLanguage(response) {
  const said = response.headers.get("Content-Language");
  if (said && said in CONFIG.offline && said !== language) {
    language = said;
    const cache = await caches.open(SETTINGS);
    await cache.put("language", new Response(said));
  }
}

async function offlineLanguage() {
  if (!language) {
    const kept = await (await caches.open(SETTINGS)).match("language");
    language = kept ? await kept.text() : null;
  }
  if (language && language in CONFIG.offline) {
    return language;
  }
  const phone = (self.navigator.language || "").slice(0, 2);
  return phone in CONFIG.offline ? phone : Object.keys(CONFIG.offline)[0];
}

async function offlinePage() {
  const kept = await caches.match(CONFIG.offline[await offlineLanguage()], { ignoreVary: true });
  return kept || Response.error();
}

// A kept page, marked so that the page says it is a copy (static/phone.js).
async function copyOf(response) {
  const html = (await response.text()).replace("<body", "<body data-offline-copy");
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  return new Response(html, { status: 200, headers });
}

async function page(event) {
  const request = event.request;
  const url = new URL(request.url);
  try {
    const response = await fetch(request);
    if (request.method === "GET" && response.status === 200 && response.type === "basic"
        && !response.redirected && keepable(url)) {
      event.waitUntil(keepPage(url, response.clone()));
    }
    if (response.ok) {
      event.waitUntil(rememberLanguage(response));
    }
    return response;
  } catch (error) {
    if (request.method === "GET" && keepable(url)) {
      const kept = await caches.match(pageKey(url), { cacheName: PAGES, ignoreVary: true });
      if (kept) {
        return copyOf(kept);
      }
    }
    return offlinePage();
  }
}

async function staticFile(event) {
  const request = event.request;
  const cache = await caches.open(STATIC);
  const kept = await cache.match(request, { ignoreVary: true });
  if (kept) {
    return kept;
  }
  try {
    const response = await fetch(request);
    if (response.status === 200 && response.type === "basic") {
      event.waitUntil(cache.put(request, response.clone()));
    }
    return response;
  } catch (error) {
    // A kept page may name an older version of a file: the current one will do.
    const any = await caches.match(request, { ignoreSearch: true, ignoreVary: true });
    return any || Response.error();
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) {
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(page(event));
  } else if (request.method === "GET" && url.pathname.startsWith(CONFIG.static)) {
    event.respondWith(staticFile(event));
  }
});

// A page asks for a fresh copy of itself to be kept: on the first visit (the worker was
// not yet in charge when it loaded), and after the sheet changed under it.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep" || typeof data.url !== "string") {
    return;
  }
  const url = new URL(data.url, self.location.href);
  if (!keepable(url)) {
    return;
  }
  event.waitUntil((async () => {
    try {
      const response = await fetch(pageKey(url), { credentials: "same-origin" });
      if (response.status === 200 && !response.redirected) {
        await keepPage(url, response.clone());
        await rememberLanguage(response);
      }
    } catch (error) {
      // No connection: the copy kept before stays.
    }
  })());
});
