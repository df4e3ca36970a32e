// Small progressive enhancements; every page works without this file.

// This phone's own settings (static/awake.js, static/outbox.js, static/phone.js).
function stored(key, fallback) {
  try {
    const value = localStorage.getItem(key);
    return value === null ? fallback : JSON.parse(value);
  } catch (error) {
    return fallback;
  }
}

function store(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch (error) {
    return false; // private browsing, or storage full
  }
}

// Big print, as this phone keeps it, before the page is shown (static/reading.js, loaded
// once it is, has the switch).
if (stored("hand-big-print", false)) document.documentElement.classList.add("big-print");

// What the first paint does not need comes once the page is shown: the print style sheet
// and the scripts named in data-after-load (the phone's: the service worker, the install
// hint, the offline note; a game's page: the outbox of deals saved with no connection and
// the keep-the-screen-awake switch).
// afterLoad settles once each of them has run, or failed to come; the page then says so
// (data-later on <html>), for whatever waits on them.
let laterReady = false;
let settleLater;
const afterLoad = new Promise((resolve) => { settleLater = resolve; })
  .then(() => {
    laterReady = true;
    document.documentElement.dataset.later = "ready";
  });
window.addEventListener("load", () => {
  const me = document.querySelector("script[data-after-load]");
  if (!me) {
    settleLater();
    return;
  }
  const print = document.createElement("link");
  print.rel = "stylesheet";
  print.media = "print";
  print.href = me.dataset.print;
  document.head.append(print);
  Promise.all(me.dataset.afterLoad.split(" ").filter(Boolean).map((source) => new Promise((done) => {
    const later = document.createElement("script");
    later.src = source;
    later.async = false; // run in the order named
    later.dataset.serviceWorker = me.dataset.serviceWorker;
    later.onload = later.onerror = done;
    document.head.append(later);
  }))).then(settleLater);
});

// A deal saved before static/outbox.js has come (it keeps deals when there is no
// connection or no answer) is sent again once it has, so it is kept from the first tap.
function sentAgainLater(form) {
  afterLoad.then(() => htmx.trigger(form, "submit"));
}

document.addEventListener("htmx:beforeRequest", (event) => {
  const form = event.detail.elt;
  if (!laterReady && !navigator.onLine && form.matches(".deal-form[hx-post]")) {
    event.preventDefault();
    sentAgainLater(form);
  }
});
document.addEventListener("htmx:sendError", (event) => {
  const form = event.detail.elt;
  if (!laterReady && form.matches(".deal-form[hx-post]")) {
    sentAgainLater(form);
  }
});
if (window.htmx) {
  // Swap refused forms (422) and conflicts (409) too: they carry the messages to show.
  htmx.config.responseHandling = [
    { code: "204", swap: false },
    // The live sheet's "nothing changed" (see below).
    { code: "304", swap: false },
    { code: "[23]..", swap: true },
    { code: "409", swap: true },
    { code: "422", swap: true },
    // A form without its CSRF token (400), or a change a PIN-locked phone may not make
    // (403): the answer says so, and where to show it (HX-Retarget).
    { code: "40[03]", swap: true },
    { code: "[45]..", swap: false, error: true },
  ];
}
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-print]")) {
    window.print();
  }
});

// The card picker: "Tap the cards" opens it under one hand; each tap adds that card to
// the hand's cards field (a plain text field when this script does not run). The form is
// replaced after each save, so the picker is looked up afresh on every tap.
let target = null;
// Whether the field being picked takes melds ("Next meld" puts a "/" between them); a
// hand's cards left never do.
let targetMelds = false;
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

function picker() {
  return document.getElementById("card-picker");
}

function cardsOf(input) {
  // A "/" between melds (a first meld's cards) is a token of its own.
  return input.value.replace(/\//g, " / ").split(/[\s,]+/).filter(Boolean);
}

function showPicked() {
  picker().querySelector(".picked").replaceChildren(...cardsOf(target).map((card, i) => {
    const chip = document.createElement("button");
    chip.type = "button";
    chip.className = "chip";
    chip.dataset.index = i;
    // Show the suit as players write it: 5♥, not 5H.
    chip.textContent = card.replace(/[SHDC]$/i, (s) => SUITS[s.toUpperCase()]);
    if (card === "/") chip.classList.add("between");
    return chip;
  }));
}

function setCards(cards) {
  target.value = cards.join(" ");
  // The live preview listens for changes on the form.
  target.dispatchEvent(new Event("change", { bubbles: true }));
  showPicked();
}

function wire(root) {
  root.querySelectorAll("[data-pick]").forEach((button) => { button.hidden = false; });
}

// A count as typed in a box, in ASCII digits or those an Arabic keyboard types (the server
// reads both: scorekeeper/numbers.py); 0 when it is no whole number.
function countIn(input) {
  const ascii = input.value.replace(/[\u0660-\u0669]/g, (d) => d.charCodeAt(0) - 0x660)
    .replace(/[\u06F0-\u06F9]/g, (d) => d.charCodeAt(0) - 0x6F0);
  return /^\s*\d+\s*$/.test(ascii) ? parseInt(ascii, 10) : 0;
}


// A column name too long for its column at the sheet's type is set smaller, down to a
// floor, so that most names are read whole (issue 39, point 1); one that still does not
// fit keeps the sheet's type, cut short, and a tap shows it whole.
function fitNames(root) {
  const over = (name) => name.scrollWidth > name.clientWidth;
  root.querySelectorAll(".sheet .col-name").forEach((name) => {
    name.style.fontSize = "";
    for (let size = 0.75; over(name) && size > 0.6; size -= 0.05) {
      name.style.fontSize = `${size.toFixed(2)}rem`;
    }
    if (over(name)) name.style.fontSize = "";
  });
}

wire(document);
fitNames(document);
// Measured again once the page's fonts and style sheets are all in: a name measured
// before, in a fallback font, can need another size.
window.addEventListener("load", () => fitNames(document));
if (document.fonts) document.fonts.ready.then(() => fitNames(document));
document.addEventListener("htmx:afterSwap", (event) => {
  wire(event.target);
  fitNames(document);
  // The referee found a full hand in the winner's cards: "How?" says so too.
  if (event.target.querySelector("[data-finish='full']")) {
    const full = event.target.closest("form")?.querySelector("input[name='finish'][value='full']");
    if (full) full.checked = true;
  }
});
document.addEventListener("click", (event) => {
  const open = event.target.closest("[data-pick]");
  // "Next meld" puts a "/" between the melds of a first meld.
  const card = event.target.closest("[data-card], [data-split]");
  const chip = event.target.closest(".chip");
  if (open) {
    target = document.getElementById(open.dataset.pick);
    // Under a hand being counted, or under the winner's cards (which say whose they are
    // and what to tap on the button itself).
    const holder = open.closest(".first-meld, .hand, .winner-cards");
    holder.after(picker());
    if (holder.matches("details")) holder.open = true;
    const legend = (open.closest(".hand") || holder).querySelector("legend");
    picker().querySelector(".whose").textContent = open.dataset.whose || legend.textContent;
    const what = picker().querySelector(".what");
    what.textContent = open.dataset.what || what.dataset.hand;
    targetMelds = "melds" in open.dataset;
    picker().querySelector(".next-meld").hidden = !targetMelds;
    picker().hidden = false;
    showPicked();
  } else if (card && target) {
    if (!card.dataset.card && !targetMelds) return;
    setCards([...cardsOf(target), card.dataset.card || "/"]);
  } else if (chip && target) {
    const cards = cardsOf(target);
    cards.splice(Number(chip.dataset.index), 1);
    setCards(cards);
  } else if (event.target.closest("[data-pick-done]")) {
    picker().hidden = true;
    target = null;
  }
});

// The new-game form shows the chosen game's own fields (its sides, its house rules) and
// hides the other games': each part names its game, as each preset does.
document.addEventListener("change", (event) => {
  const preset = event.target.closest?.('input[name="preset"][data-game]');
  if (!preset) return;
  for (const part of preset.form.querySelectorAll(".for-game[data-game]")) {
    part.hidden = part.dataset.game !== preset.dataset.game;
  }
  // Partnerships only where the chosen form has them (the box lists those forms).
  for (const box of preset.form.querySelectorAll("input[data-presets]")) {
    box.disabled = !box.dataset.presets.split(" ").includes(preset.value);
    if (box.disabled) box.checked = false;
  }
  // A box for each player the game seats; a box holding a name stays.
  const seats = Number(preset.closest("[data-seats]").dataset.seats);
  for (const row of preset.form.querySelectorAll(".player-row[data-seat]")) {
    row.hidden = Number(row.dataset.seat) >= seats && !row.querySelector("input").value;
  }
});

// A choice whose options each have a line on what they mean (a house-rule set, say) shows
// the chosen one's: the choice's data-notes selects the lines, each naming in data-set the
// option it explains.
document.addEventListener("change", (event) => {
  const chosen = event.target.closest?.("select[data-notes]");
  if (!chosen) return;
  for (const note of chosen.form.querySelectorAll(chosen.dataset.notes)) {
    note.hidden = note.dataset.set !== chosen.value;
  }
});

// First melds are entered in the order they were laid, which raises Hand Saudi's and the
// Kuwaiti bar (games/hand/forms.py, first_order). Caught before the preview reads the form.
document.addEventListener("change", (event) => {
  const field = event.target.closest("input[name^='first_']");
  const order = field && field.form.querySelector("input[name='first_order']");
  if (!order) return;
  const seat = field.dataset.seat;
  const seats = order.value.split(" ").filter((s) => s && s !== seat);
  const at = order.value.split(" ").indexOf(seat);
  if (field.value.trim()) seats.splice(at < 0 ? seats.length : at, 0, seat);
  order.value = seats.join(" ");
}, true);

// An open game page follows the game as other phones change it (templates/games/_live.html):
// every 5 s the live part asks whether the game changed, naming the version it shows, and
// the server's 304 leaves it as it is. A hidden page (phone asleep, another tab) does not
// ask, and asks at once when shown again. The browser is told the version here, not left
// to its cache: it would turn a 304 into the old page again, swapped for nothing.
function live() {
  return document.querySelector("[data-live]");
}

document.addEventListener("htmx:configRequest", (event) => {
  if (event.detail.elt.matches("[data-live]")) {
    event.detail.headers["If-None-Match"] = `"${event.detail.elt.dataset.etag}"`;
  }
});
document.addEventListener("htmx:beforeRequest", (event) => {
  if (event.detail.elt.matches("[data-live]") && document.hidden) {
    event.preventDefault();
  }
});
document.addEventListener("visibilitychange", () => {
  if (!document.hidden && live() && window.htmx) {
    htmx.trigger(live(), "refresh");
  }
});

// A deal saved from this phone answers with the new row and totals only (games/_saved.html),
// and names the version the live part now shows, so it does not fetch the sheet again.
document.addEventListener("sheet-saved", (event) => {
  const part = live();
  if (part) {
    part.dataset.etag = event.detail.etag;
    part.dataset.next = String(event.detail.next);
    part.dataset.version = event.detail.version;
  }
  const audit = document.getElementById("audit");
  if (audit && audit.open) {
    htmx.trigger(audit, "refresh");
  }
});

// A deal form someone has started filling in is never replaced under them: when the live
// part shows another phone's change, a form left untouched is brought up to date (the
// whole game part is fetched again), and a touched one keeps what was typed and says the
// sheet changed; saving it then gets the server's "already recorded" answer.
for (const type of ["input", "change"]) {
  document.addEventListener(type, (event) => {
    const form = event.target.closest && event.target.closest(".deal-form");
    if (form) {
      form.dataset.touched = "yes";
    }
  });
}
document.addEventListener("htmx:afterSwap", (event) => {
  if (!event.target.matches("[data-live]")) {
    return;
  }
  const audit = document.getElementById("audit");
  if (audit && audit.open) {
    htmx.trigger(audit, "refresh");
  }
  // The undo button names the game's version it was shown with: after another phone's
  // correction (the same deals, a new version) it would be refused as stale.
  const undoVersion = document.querySelector("#actions input[name='version']");
  if (undoVersion && event.target.dataset.version) {
    undoVersion.value = event.target.dataset.version;
  }
  // A view-only page watching the game end shows what a finished game's page shows (the
  // result picture to share): it has nothing typed to lose, so it is loaded again.
  const watching = event.target.closest(".view-only");
  if (watching && watching.dataset.finished === "no" && event.target.dataset.finished === "yes") {
    window.location.reload();
    return;
  }
  const note = document.querySelector(".deal-form [data-stale]");
  if (!note) {
    return;
  }
  const form = note.closest("form");
  const stale = event.target.dataset.finished === "yes"
    || event.target.dataset.next !== form.elements.deal.value;
  if (stale && !form.dataset.touched) {
    htmx.ajax("GET", window.location.pathname, { target: "#game", swap: "outerHTML" });
  } else {
    note.hidden = !stale;
  }
});

// The history of changes gives times in UTC; show them in the phone's own time.
function localTimes(root) {
  const lang = document.documentElement.lang || undefined;
  root.querySelectorAll("time[data-local]").forEach((time) => {
    // Western digits in Arabic too, as on the rest of the sheet (docs/glossary.md).
    time.textContent = new Date(time.dateTime).toLocaleTimeString(lang, {
      hour: "2-digit", minute: "2-digit", numberingSystem: "latn",
    });
  });
}

localTimes(document);
document.addEventListener("htmx:afterSwap", (event) => localTimes(event.target));

// The preview is worked out by the server. With no connection (static/outbox.js then asks
// the server nothing) or no answer, the box says the scores come when the connection is
// back, never stays blank or shows the last deal's; it asks again once back, or every
// 10 s while the phone thinks it is online but the server does not answer.
function previewWaits(preview) {
  preview.replaceChildren(document.querySelector("[data-preview-offline]").content.cloneNode(true));
}

function previewAgain() {
  const waiting = document.querySelector("#preview > .preview-waiting");
  if (waiting && navigator.onLine) {
    waiting.closest("form").dispatchEvent(new Event("change"));
  }
}

document.addEventListener("htmx:beforeRequest", (event) => {
  if (event.detail.elt.id === "preview" && !navigator.onLine) {
    event.preventDefault();
    previewWaits(event.detail.elt);
  }
});
document.addEventListener("htmx:sendError", (event) => {
  if (event.detail.elt.id === "preview") {
    previewWaits(event.detail.elt);
  }
});
document.addEventListener("htmx:responseError", (event) => {
  if (event.detail.elt.id === "preview" && event.detail.xhr.status >= 500) {
    previewWaits(event.detail.elt);
  }
});
window.addEventListener("online", previewAgain);
window.setInterval(previewAgain, 10_000);

// A box the browser refuses inside folded rules (a details element) is unfolded, or the
// refusal could not be shown and the button would seem to do nothing.
document.addEventListener("invalid", (event) => {
  for (let folded = event.target.closest("details"); folded;
    folded = folded.parentElement.closest("details")) folded.open = true;
}, true);
