// Hand and Foot's deal form (templates/handfoot/_deal_form.html) and referee page, on top
// of the card picker of static/app.js. Every page works without this file: the boxes are
// typed in, and the server counts a red three typed among the cards left once, with the
// side's "Red threes caught" (games/handfoot/forms.py).
//
// - Steppers: − and + beside a count (piles, red threes; +7 a complete pile), never below
//   0. The deal form's − and + are made here, with the words its form holds: hidden
//   without this file, they were a sixth of the Hand and Foot page (issue 40). The rest
//   are in the page, shown once this file has come.
// - A red three tapped in the picker while counting a side's cards left goes to that
//   side's "Red threes caught" stepper, not into the cards: the stepper is the one count
//   of red threes left, so none is counted twice. One typed there moves too.
// - The row of picked cards is one line (static/handfoot.css): the newest card is kept in
//   view, and the deck below never moves under the finger.
"use strict";

// A deal form's steppers, each count's − before it and + after (a pile's +N follows).
// Each says what it counts: its label's own words (not the points each card makes).
const makeSteppers = (root) => {
  root.querySelectorAll(".foot-form .step").forEach((step) => {
    const input = step.querySelector("input");
    const words = input && input.form && input.form.dataset;
    const label = input && input.labels[0];
    if (!words || !label || step.querySelector("[data-step='-1']")) return;
    const what = label.firstChild.textContent.trim();
    const button = (by, text, says) => {
      const made = document.createElement("button");
      made.type = "button";
      made.dataset.step = by;
      made.dataset.for = input.id;
      made.setAttribute("aria-label", says.replace("%s", what));
      made.textContent = text;
      return made;
    };
    input.before(button("-1", "−", words.fewer));
    input.after(button("1", "+", words.more));
  });
};

// Loaded once per page: once the game's page is shown (templates/games/show.html), with
// the correction form and the referee. The steppers there are made or shown now; those of
// a deal form HTMX swaps in, with the swap itself.
const showSteppers = (root) => {
  makeSteppers(root);
  root.querySelectorAll("[data-step]").forEach((button) => { button.hidden = false; });
};
showSteppers(document);
document.addEventListener("htmx:afterSwap", (event) => showSteppers(event.target));

// The points a side's count by kind makes so far, under its summary.
const countTotal = (event) => {
  const byKind = event.target.closest && event.target.closest(".by-kind");
  const total = byKind && byKind.querySelector(".kind-total");
  if (!total) return;
  let points = 0;
  byKind.querySelectorAll("input[data-each]").forEach((input) => {
    points += countIn(input) * Number(input.dataset.each);
  });
  total.textContent = total.dataset.says.replace("#", String(points));
};
document.addEventListener("input", countTotal);
document.addEventListener("change", countTotal);

document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-step]");
  if (!button) return;
  const input = document.getElementById(button.dataset.for);
  input.value = String(Math.max(0, countIn(input) + Number(button.dataset.step)));
  input.dispatchEvent(new Event("change", { bubbles: true }));
});

const RED_THREE = /^3[HD♥♦]$/i;
// The cards field the picker fills, and the note saying where red threes go.
let picking = null;
let caughtNote = "";

// The "Red threes caught" stepper of the side whose cards left *field* holds, if it is
// a cards left field (left_cards_1 goes with red_threes_caught_1).
const caughtOf = (field) => {
  const match = field && field.isConnected && /^left_cards_(\d+)$/.exec(field.id);
  return match ? document.getElementById(`red_threes_caught_${match[1]}`) : null;
};
const count = countIn;  // static/app.js

// A line in the picker, from its opening, saying how many red threes are caught: it
// changes with each red three tapped and takes no more room when it does.
const showCaught = () => {
  const picker = document.getElementById("card-picker");
  let note = picker.querySelector(".caught-note");
  if (!note) {
    note = document.createElement("p");
    note.className = "caught-note";
    note.setAttribute("role", "status");
    picker.querySelector(".picking").after(note);
  }
  const stepper = caughtOf(picking);
  note.hidden = !stepper;
  if (stepper) note.textContent = caughtNote.replace("#", String(count(stepper)));
};

document.addEventListener("click", (event) => {
  const open = event.target.closest("[data-pick]");
  if (open) {
    picking = document.getElementById(open.dataset.pick);
    caughtNote = open.dataset.caught || "";
    // After app.js has moved the picker under this side and shown it.
    setTimeout(showCaught);
    return;
  }
  if (event.target.closest("[data-pick-done]")) {
    picking = null;
    return;
  }
  const card = event.target.closest("#card-picker [data-card]");
  const stepper = caughtOf(picking);
  if (card && stepper && RED_THREE.test(card.dataset.card)) {
    // Caught here, before app.js's listener would add the card to the cards left.
    event.stopPropagation();
    stepper.value = String(count(stepper) + 1);
    stepper.dispatchEvent(new Event("change", { bubbles: true }));
    showCaught();
  }
}, true);

// A red three typed among the cards left is one of the red threes caught: it leaves the
// text for the stepper, before the preview reads the form.
document.addEventListener("change", (event) => {
  const stepper = caughtOf(event.target);
  if (!stepper) return;
  const cards = event.target.value.split(/[\s,]+/).filter(Boolean);
  const kept = cards.filter((card) => !RED_THREE.test(card));
  if (kept.length === cards.length) return;
  event.target.value = kept.join(" ");
  stepper.value = String(Math.max(count(stepper), cards.length - kept.length));
}, true);

// After app.js has drawn the picked cards again: the newest at the row's end in view.
document.addEventListener("click", (event) => {
  if (!event.target.closest("#card-picker [data-card], #card-picker [data-split]")) return;
  const row = document.querySelector("#card-picker .picked");
  if (row) row.scrollLeft = row.scrollWidth;
});
