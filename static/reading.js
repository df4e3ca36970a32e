// This phone's way of reading the pages (templates/_reading.html; issue 39, point 5),
// on top of static/app.js (its stored/store and fitNames); every page reads without it.
"use strict";

// Big print: the whole type scale (and the targets sized in rem) a step larger. Arabic
// digits: on an Arabic page the numbers shown (not those typed) in ٠١٢٣; card faces
// keep theirs, as the cards print them.
const READING = { "big-print": "hand-big-print", "arabic-digits": "hand-arabic-digits" };
const SHOWN_NOT_TYPED = "input, textarea, select, script, style, .card, .card-row, "
  + ".card-picker, .chip, [data-card], .deck, .picked";

function arabicDigits(root) {
  if (!document.documentElement.classList.contains("arabic-digits") || !root) return;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement && node.parentElement.closest(SHOWN_NOT_TYPED)
      ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  for (let node; (node = walker.nextNode());) {
    if (/[0-9]/.test(node.data)) {
      node.data = node.data.replace(/[0-9]/g, (d) => String.fromCharCode(0x660 + Number(d)));
    }
  }
}

function applyReading() {
  const html = document.documentElement;
  html.classList.toggle("big-print", Boolean(stored(READING["big-print"], false)));
  html.classList.toggle("arabic-digits", html.lang === "ar"
    && Boolean(stored(READING["arabic-digits"], false)));
  document.querySelectorAll("[data-setting]").forEach((box) => {
    box.checked = html.classList.contains(box.dataset.setting);
  });
  arabicDigits(document.querySelector("main"));
}

applyReading();
document.querySelectorAll("[data-reading]").forEach((part) => { part.hidden = false; });
document.addEventListener("change", (event) => {
  const box = event.target.closest && event.target.closest("[data-setting]");
  if (!box) return;
  store(READING[box.dataset.setting], box.checked);
  if (!box.checked && box.dataset.setting === "arabic-digits") {
    window.location.reload(); // the page's own digits, as the server wrote them
    return;
  }
  applyReading();
  if (typeof fitNames === "function") fitNames(document);
});
document.addEventListener("htmx:afterSettle", () => arabicDigits(document.querySelector("main")));
