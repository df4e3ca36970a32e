// Nothing lost when the connection drops (docs/phones.md): a deal saved while the server
// cannot be reached is kept in this phone's storage, shown as waiting, and sent when the
// connection is back. The deal number it carries means the server records it once however
// often it is sent ("already recorded" is success); if another phone recorded that deal
// first with other scores, both are shown and the player chooses. Uses stored() and
// store() from static/app.js.
"use strict";

const STORE = "hand-outbox";
const RETRY_MS = 10_000;

// Each kept deal: {id, game, action, deal, entries (the form's fields), summary, mine,
// savedAt, status: waiting | sending | locked | conflict | refused, theirs, reason}.

function outbox() {
  const items = stored(STORE, []);
  return Array.isArray(items) ? items : [];
}

function saveOutbox(items) {
  store(STORE, items);
}

function update(id, change) {
  saveOutbox(outbox().map((item) => (item.id === id ? { ...item, ...change } : item)));
}

function drop(id) {
  saveOutbox(outbox().filter((item) => item.id !== id));
}

function text(name) {
  const span = document.querySelector(`[data-outbox-text="${name}"]`);
  return span ? span.textContent : "";
}

// Names and numbers keep their own direction inside an Arabic line (docs/glossary.md).
function isolated(part) {
  return `\u2068${part}\u2069`;
}

function labelOf(input) {
  const label = input.closest("label");
  return label ? label.textContent.trim() : input.value;
}

// What an element marked data-describe says of the deal: a box, once filled, the mark's
// words and what was typed; around choices (a fieldset, a label), for each one chosen, the
// mark's words, or its label when the mark has none.
function said(marked) {
  if (marked.matches("input:not([type=radio]):not([type=checkbox]), textarea")) {
    const value = marked.value.trim();
    return value ? `${marked.dataset.describe} ${value}` : "";
  }
  return [...marked.querySelectorAll("input:checked")]
    .map((input) => marked.dataset.describe || labelOf(input)).join(" · ");
}

// What the form says, in the form's own words ("Scored · Rana · Hand · Sami 35 · ..."), as
// the game's own deal form marks it (docs/phones.md, "Nothing lost when the connection
// drops"): each element marked data-describe, in the form's order; within an element
// marked data-describe-one, only the first that says anything; nothing inside an element
// whose data-describe-unless selector the form matches (a redeal has no hands to tell).
function describe(form) {
  const parts = [];
  const told = new Set();
  for (const marked of form.querySelectorAll("[data-describe]")) {
    const unless = marked.closest("[data-describe-unless]");
    const one = marked.closest("[data-describe-one]");
    if ((unless && form.querySelector(unless.dataset.describeUnless)) || told.has(one)) {
      continue;
    }
    const words = said(marked);
    if (words) {
      parts.push(words);
      if (one) {
        told.add(one);
      }
    }
  }
  return parts.map(isolated).join(" · ");
}

function dealLabel(number) {
  return text("deal").replace("0", String(number));
}

// Renumber the deal form after keeping a deal: the next one entered follows it.
function renumber(form, number) {
  form.elements.deal.value = String(number);
  const heading = form.closest(".record") && form.closest(".record").querySelector("h2");
  const button = form.querySelector("button[type=submit]");
  for (const element of [heading, button]) {
    if (element) {
      element.textContent = element.textContent.replace(/\d+/, String(number));
    }
  }
}

// A deal is kept once it says what its game's form needs (data-keep-needs, a selector the
// form must match: who went out, say); until then the form's data-keep-refusal says why.
function keepDeal(form) {
  if (form.dataset.keepNeeds && !form.querySelector(form.dataset.keepNeeds)) {
    const preview = form.querySelector("#preview");
    if (preview) {
      preview.textContent = form.dataset.keepRefusal || "";
    }
    return;
  }
  const game = document.querySelector("[data-outbox]");
  const deal = Number(form.elements.deal.value);
  const entries = [...new FormData(form)].filter(([, value]) => typeof value === "string");
  const items = outbox();
  const same = items.find((item) => item.game === game.dataset.game && item.deal === deal);
  if (!same) {
    items.push({
      id: `${game.dataset.game}-${deal}-${Date.now()}`, game: game.dataset.game,
      action: game.dataset.record, deal, entries, summary: describe(form),
      savedAt: Date.now(), status: "waiting",
    });
    saveOutbox(items);
  }
  form.reset();
  delete form.dataset.touched;
  const preview = form.querySelector("#preview");
  if (preview) {
    preview.textContent = "";
  }
  renumber(form, deal + 1);
  showOutbox();
  form.closest(".game").querySelector("[data-outbox]").scrollIntoView({ block: "nearest" });
}

function fill(form, entries) {
  const skip = new Set(["csrf_token", "deal", "version"]);
  for (const element of form.elements) {
    if (!element.name || skip.has(element.name)) {
      continue;
    }
    const values = entries.filter(([name]) => name === element.name).map(([, v]) => v);
    if (element.type === "radio" || element.type === "checkbox") {
      element.checked = values.includes(element.value);
    } else if (element.type !== "submit" && element.type !== "button") {
      element.value = values[0] || "";
    }
  }
  form.dataset.touched = "yes";
  form.dispatchEvent(new Event("change", { bubbles: true })); // the preview
}

function showOutbox() {
  const section = document.querySelector("[data-outbox]");
  if (!section) {
    return;
  }
  const items = outbox().filter((item) => item.game === section.dataset.game)
    .sort((a, b) => a.deal - b.deal);
  const list = section.querySelector("[data-outbox-list]");
  const template = section.querySelector("template[data-outbox-item]");
  list.replaceChildren(...items.map((item) => {
    const entry = template.content.firstElementChild.cloneNode(true);
    entry.dataset.id = item.id;
    entry.dataset.status = item.status;
    entry.querySelector("[data-slot=deal]").textContent = dealLabel(item.deal);
    const summary = entry.querySelector("[data-slot=summary]");
    summary.textContent = item.summary;
    summary.hidden = item.status === "conflict"; // shown beside the sheet's, below
    entry.querySelector("[data-slot=theirs]").textContent = item.theirs || text("none");
    entry.querySelector("[data-slot=mine]").textContent = item.summary;
    entry.querySelector("[data-slot=reason]").textContent = item.reason || "";
    entry.querySelectorAll("[data-state]").forEach((part) => {
      part.hidden = !part.dataset.state.split(" ").includes(item.status);
    });
    // A finished game (or a locked phone) has no form to put the deal back in: only the
    // sheet's deal to correct, or the deal to delete, are offered then.
    entry.querySelector("[data-outbox-action=use]").hidden =
      !document.querySelector(".deal-form[hx-post]");
    const correct = entry.querySelector("[data-outbox-action=correct]");
    if (section.dataset.correct && item.status === "conflict" && item.theirs) {
      correct.href = section.dataset.correct.replace(/\/deals\/1\/edit$/, `/deals/${item.deal}/edit`);
      correct.hidden = false;
    }
    return entry;
  }));
  section.hidden = items.length === 0;
  // The form is for the deal after the last one kept here, so that it is not entered twice.
  const form = document.querySelector(".deal-form[hx-post]");
  const kept = items.filter((item) => item.status !== "conflict" && item.status !== "refused")
    .map((item) => item.deal);
  if (form && kept.length && Number(form.elements.deal.value) <= Math.max(...kept)) {
    renumber(form, Math.max(...kept) + 1);
  }
}

document.addEventListener("click", (event) => {
  const action = event.target.closest("[data-outbox-action]");
  if (!action || action.dataset.outboxAction === "correct") {
    return;
  }
  const id = action.closest("[data-id]").dataset.id;
  const item = outbox().find((kept) => kept.id === id);
  if (item && action.dataset.outboxAction === "use") {
    const form = document.querySelector(".deal-form[hx-post]");
    if (!form) {
      return; // a finished game, or a locked phone: nothing to put it in
    }
    fill(form, item.entries);
    form.scrollIntoView({ block: "start" });
  }
  drop(id);
  showOutbox();
  send();
});

// The server's answer to a page's deal, as a document.
async function answerOf(response) {
  return new DOMParser().parseFromString(await response.text(), "text/html");
}

// The sheet's deal *number* in an answer: "round 2 · Sami 0 · Rana 35 · …".
function theirs(doc, number) {
  const row = doc.querySelector(`.sheet tr[data-deal="${number}"]`);
  if (!row) {
    return "";
  }
  // The players' columns, not the one of the correct links (named for screen readers).
  const names = [...doc.querySelectorAll(".sheet thead th")].slice(1)
    .filter((th) => !th.querySelector(".visually-hidden")).map((th) => th.textContent.trim());
  const cells = [...row.querySelectorAll("td")].slice(0, names.length).map((td, i) => {
    const score = td.querySelector(".score");
    return `${names[i]} ${(score || td).textContent.trim()}`;
  });
  const note = row.querySelector("th small");
  return [...(note ? [note.textContent.trim()] : []), ...cells].map(isolated).join(" · ");
}

function post(item, entries) {
  return fetch(item.action, {
    method: "POST",
    credentials: "same-origin",
    headers: { "HX-Request": "true", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(entries),
  });
}

// A fresh form token, when the one kept with the deal has expired (a long outage).
async function freshEntries(item) {
  const page = item.action.replace(/\/deals$/, "");
  const response = await fetch(page, { credentials: "same-origin" });
  const doc = await answerOf(response);
  // A kept page gathers its forms' tokens at its end (each names its form): any will do.
  const token = doc.querySelector("input[name=csrf_token]");
  if (!token) {
    return null;
  }
  return item.entries.map(([name, value]) => [name, name === "csrf_token" ? token.value : value]);
}

// Send one kept deal: "done" (on the sheet once), "offline", or "held" (left for the
// player, or for the PIN: later deals of that game wait behind it).
async function sendOne(item) {
  update(item.id, { status: "sending" });
  showOutbox();
  let response;
  try {
    response = await post(item, item.entries);
    if (response.status === 400) {
      const entries = await freshEntries(item);
      if (entries) {
        update(item.id, { entries });
        response = await post(item, entries);
      }
    }
  } catch (error) {
    update(item.id, { status: "waiting" });
    return "offline";
  }
  if (response.ok || (response.status === 409
      && response.headers.get("X-Already-Recorded") === "true")) {
    drop(item.id);
    return "done";
  }
  const doc = await answerOf(response);
  if (response.status === 409) {
    update(item.id, { status: "conflict", theirs: theirs(doc, item.deal) });
    refreshSheet(); // the sheet as it stands, with the other phone's deal
  } else if (response.status === 403) {
    update(item.id, { status: "locked" });
  } else if (response.status >= 500) {
    update(item.id, { status: "waiting" });
    return "offline";
  } else {
    const reason = doc.querySelector(".error");
    update(item.id, {
      status: "refused",
      reason: reason ? reason.textContent.trim() : `${response.status} ${response.statusText}`,
    });
  }
  return "held";
}

let sending = false;

async function send() {
  if (sending || !navigator.onLine) {
    return;
  }
  sending = true;
  let recorded = false;
  try {
    const held = new Set();
    const items = outbox().filter((item) => ["waiting", "sending", "locked"].includes(item.status))
      .sort((a, b) => a.savedAt - b.savedAt);
    for (const item of items) {
      if (held.has(item.game)) {
        continue;
      }
      const result = await sendOne(item);
      if (result === "offline") {
        break;
      }
      if (result === "done") {
        recorded = true;
      } else {
        held.add(item.game);
      }
    }
    // Conflicts already shown stay until the player chooses; nothing else is dropped.
  } finally {
    sending = false;
    showOutbox();
  }
  if (recorded) {
    refreshSheet();
  }
}

function refreshSheet() {
  const live = document.querySelector("[data-live]");
  if (live && window.htmx) {
    htmx.trigger(live, "refresh");
  }
}

// Offline: keep the deal instead of sending it, and ask the server nothing (the live
// sheet's checks, the preview) until the connection is back.
if (window.htmx) {
  document.addEventListener("htmx:beforeRequest", (event) => {
    const elt = event.detail.elt;
    if (navigator.onLine) {
      return;
    }
    event.preventDefault();
    if (elt.matches(".deal-form[hx-post]")) {
      keepDeal(elt);
    }
  });
  // Online, but the server did not answer: the same.
  document.addEventListener("htmx:sendError", (event) => {
    if (event.detail.elt.matches(".deal-form[hx-post]")) {
      keepDeal(event.detail.elt);
    }
  });
}
// A form holding entries given back to the player (another phone's save got ahead of
// them, or an undo) counts as typed in: the live sheet never replaces it (static/app.js).
function markGivenBack() {
  document.querySelectorAll(".deal-form [data-given-back]").forEach((marker) => {
    marker.closest("form").dataset.touched = "yes";
  });
}
markGivenBack();
document.addEventListener("htmx:afterSwap", markGivenBack);

// The game part was replaced (static/phone.js): show what is kept in the new one.
document.addEventListener("sheet-shown", showOutbox);

window.addEventListener("online", send);
window.addEventListener("storage", (event) => {
  if (event.key === STORE) {
    showOutbox();
  }
});
window.setInterval(() => {
  if (outbox().some((item) => item.status === "waiting" || item.status === "locked")) {
    send();
  }
}, RETRY_MS);

showOutbox();
send();
