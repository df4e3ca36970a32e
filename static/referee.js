// The referee's card picker: drag a picked card to another place in its row. Without this
// file a picked card is tapped, then moved with the arrows; both send the same form.
// htmx may run this file again when it swaps a page in: the listeners are added once.
if (!window.refereeDrag) {
  window.refereeDrag = true;
  const SLOP = 8; // px a finger may wander before a tap becomes a drag
  let drag = null;
  let dragged = false;

  // The picked card under the finger, looking past the one being dragged.
  const slotAt = (row, dragging, x, y) => {
    for (const hit of document.elementsFromPoint(x, y)) {
      const slot = hit.closest("[data-slot]");
      if (slot && slot !== dragging && row.contains(slot)) {
        return slot;
      }
    }
    return null;
  };

  document.addEventListener("pointerdown", (event) => {
    // A drag may end without any click to swallow: only the one right after it is.
    dragged = false;
    const card = event.target.closest(".picked-row [data-slot]");
    if (!card || !event.isPrimary) {
      return;
    }
    drag = { card, row: card.closest("[data-list]"), x: event.clientX, y: event.clientY,
      moving: false, to: null };
  });

  document.addEventListener("pointermove", (event) => {
    if (!drag) {
      return;
    }
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moving && Math.hypot(dx, dy) < SLOP) {
      return;
    }
    drag.moving = true;
    drag.card.classList.add("dragging");
    drag.card.style.transform = `translate(${dx}px, ${dy}px)`;
    const over = slotAt(drag.row, drag.card, event.clientX, event.clientY);
    drag.row.querySelectorAll(".drop").forEach((s) => s.classList.remove("drop"));
    if (over) {
      over.classList.add("drop");
    }
    drag.to = over;
  });

  const finish = (event) => {
    if (!drag) {
      return;
    }
    const { card, row, moving, to } = drag;
    drag = null;
    if (!moving) {
      return; // a tap: the button selects the card as usual
    }
    dragged = true;
    card.classList.remove("dragging");
    card.style.transform = "";
    row.querySelectorAll(".drop").forEach((s) => s.classList.remove("drop"));
    if (event.type === "pointerup" && to) {
      const form = card.closest("form");
      // Pressing the card focused it, and htmx sends a focused button as the one tapped.
      card.blur();
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = "drag";
      input.value = `${row.dataset.list}:${card.dataset.slot}:${to.dataset.slot}`;
      form.append(input);
      form.requestSubmit();
    }
  };
  document.addEventListener("pointerup", finish);
  document.addEventListener("pointercancel", finish);

  // The click that ends a drag is not a tap on the card.
  document.addEventListener("click", (event) => {
    if (dragged && event.target.closest(".picked-row [data-slot]")) {
      event.preventDefault();
      event.stopPropagation();
    }
    dragged = false;
  }, true);
}
