// Small progressive enhancements; every page works without this file.
if (window.htmx) {
  // Swap refused forms (422) and conflicts (409) too: they carry the messages to show.
  htmx.config.responseHandling = [
    { code: "204", swap: false },
    { code: "[23]..", swap: true },
    { code: "409", swap: true },
    { code: "422", swap: true },
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
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

function picker() {
  return document.getElementById("card-picker");
}

function cardsOf(input) {
  return input.value.split(/[\s,]+/).filter(Boolean);
}

function showPicked() {
  picker().querySelector(".picked").replaceChildren(...cardsOf(target).map((card, i) => {
    const chip = document.createElement("button");
    chip.type = "button";
    chip.className = "chip";
    chip.dataset.index = i;
    // Show the suit as players write it: 5♥, not 5H.
    chip.textContent = card.replace(/[SHDC]$/i, (s) => SUITS[s.toUpperCase()]);
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

wire(document);
document.addEventListener("htmx:afterSwap", (event) => wire(event.target));
document.addEventListener("click", (event) => {
  const open = event.target.closest("[data-pick]");
  const card = event.target.closest("[data-card]");
  const chip = event.target.closest(".chip");
  if (open) {
    target = document.getElementById(open.dataset.pick);
    const hand = open.closest(".hand");
    hand.after(picker());
    picker().querySelector(".whose").textContent = hand.querySelector("legend").textContent;
    picker().hidden = false;
    showPicked();
  } else if (card && target) {
    setCards([...cardsOf(target), card.dataset.card]);
  } else if (chip && target) {
    const cards = cardsOf(target);
    cards.splice(Number(chip.dataset.index), 1);
    setCards(cards);
  } else if (event.target.closest("[data-pick-done]")) {
    picker().hidden = true;
    target = null;
  }
});
