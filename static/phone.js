// The app on a phone (docs/phones.md), loaded by static/app.js once the page is shown;
// every page works without it.
//
// - The service worker (/sw.js, scorekeeper/web/common/pwa.py) is registered where the browser
//   allows one (HTTPS, or this machine itself), and keeps a game's page as it changes.
// - "Add to home screen": the browser's own offer where it makes one, else a line saying
//   how (iPhone, Android), until "Not now".
// - A note when the connection is gone.
"use strict";

const HINT = "hand-install-hint";
const script = document.currentScript;

// --- The service worker --------------------------------------------------------------

function keepThisPage() {
  const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
  if (worker) {
    worker.postMessage({ type: "keep", url: window.location.pathname });
  }
}

if ("serviceWorker" in navigator && window.isSecureContext && script) {
  const firstVisit = !navigator.serviceWorker.controller;
  navigator.serviceWorker.register(script.dataset.serviceWorker, { scope: "/" })
    .catch(() => {}); // no worker: the pages still work, only not offline
  if (firstVisit) {
    // This page loaded before the worker was in charge: have it keep a copy now.
    navigator.serviceWorker.addEventListener("controllerchange", keepThisPage, { once: true });
  }
}

// --- No connection -------------------------------------------------------------------

function showOffline() {
  const note = document.querySelector("[data-offline-note]");
  if (note) {
    // The offline page says it all by itself.
    note.hidden = document.body.classList.contains("offline-page")
      || (navigator.onLine && !document.body.hasAttribute("data-offline-copy"));
  }
}

showOffline();
window.addEventListener("offline", showOffline);
window.addEventListener("online", () => {
  document.body.removeAttribute("data-offline-copy");
  showOffline();
});
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-reload]")) {
    event.preventDefault();
    window.location.reload();
  }
});

// --- Add to home screen ----------------------------------------------------------------

// The hint's words come from the server the first time it is shown (templates/
// _install_hint.html): a page does not carry them for the phones never offered it.
let installPrompt = null;
let hint = null;
let hintComing = null;

function installed() {
  return window.matchMedia("(display-mode: standalone)").matches
    || navigator.standalone === true;
}

// Beside the worker (/install-hint by /sw.js, wherever the app is served), in the page's
// language.
function hintAddress() {
  const worker = new URL(script.dataset.serviceWorker, window.location.href);
  return new URL(`install-hint?lang=${document.documentElement.lang}`, worker).href;
}

function theHint() {
  hintComing = hintComing || fetch(hintAddress(), { credentials: "same-origin" })
    .then((response) => (response.ok ? response.text() : Promise.reject(response.status)))
    .then((html) => {
      document.body.insertAdjacentHTML("beforeend", html);
      hint = document.body.lastElementChild;
      hint.querySelector("[data-install-dismiss]").addEventListener("click", () => hideHint(true));
      hint.querySelector("[data-install]").addEventListener("click", async () => {
        if (!installPrompt) {
          return;
        }
        installPrompt.prompt();
        const choice = await installPrompt.userChoice;
        installPrompt = null;
        hideHint(choice.outcome === "accepted");
      });
      return hint;
    })
    .catch(() => { hintComing = null; }); // no connection: offered again on another page
  return hintComing;
}

async function showHint(kind) {
  if (!script || installed() || stored(HINT, "") === "dismissed" || !(await theHint())) {
    return;
  }
  hint.querySelectorAll("[data-install-for]").forEach((line) => {
    line.hidden = line.dataset.installFor !== kind;
  });
  hint.querySelector("[data-install]").hidden = kind !== "prompt";
  hint.hidden = false;
}

function hideHint(remember) {
  if (hint) {
    hint.hidden = true;
  }
  if (remember) {
    store(HINT, "dismissed");
  }
}

window.addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault(); // offered in the hint instead, where it can be declined for good
  installPrompt = event;
  showHint("prompt");
});
window.addEventListener("appinstalled", () => hideHint(true));
const agent = navigator.userAgent;
const apple = /iPhone|iPad|iPod/.test(agent)
  || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
if (apple) {
  showHint("ios"); // Safari never offers it by itself
} else if (/Android/.test(agent)) {
  // Chrome offers it (beforeinstallprompt) on HTTPS; other browsers, and plain HTTP on
  // the café's network, never do: say where the menu item is.
  window.setTimeout(() => {
    if (!installPrompt) {
      showHint("android");
    }
  }, 2500);
}

// --- The game's page, kept for offline use ----------------------------------------------

// After the sheet changes (another phone's deal, or this phone's save), the worker keeps
// the page as it now is; and whatever else a page shows of the game is wired again.
let keepTimer = null;

function sheetChanged() {
  window.clearTimeout(keepTimer);
  keepTimer = window.setTimeout(keepThisPage, 1500);
  document.dispatchEvent(new CustomEvent("sheet-shown"));
}

document.addEventListener("htmx:afterSwap", (event) => {
  if (event.target.matches("#game, [data-live]")) {
    sheetChanged();
  }
});
// A save answered with the new row only (static/app.js).
document.addEventListener("sheet-saved", sheetChanged);
