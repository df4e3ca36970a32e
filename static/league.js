// A group's new game (templates/games/new.html): a member's chip tapped takes the first
// empty seat, or, seated already, stands up and those after move up a seat; typing in a
// seat keeps the chips in step. Without this script each chip posts the form back, which
// does the same on the server (scorekeeper/web/group/play.py).
(() => {
  const seats = (form) => [...form.querySelectorAll('input[name^="player_"]')];
  const key = (name) => name.trim().toLocaleLowerCase();

  const sync = (form) => {
    const seated = new Set(seats(form).map((box) => key(box.value)));
    for (const chip of form.querySelectorAll("button.seat-chip")) {
      chip.setAttribute("aria-pressed", seated.has(key(chip.value)) ? "true" : "false");
    }
  };

  document.addEventListener("click", (event) => {
    const chip = event.target.closest?.("button.seat-chip");
    if (!chip || !chip.form) return;
    event.preventDefault();
    const boxes = seats(chip.form);
    const names = boxes.map((box) => box.value.trim());
    const wanted = key(chip.value);
    if (names.some((name) => key(name) === wanted)) {
      const left = names.filter((name) => key(name) !== wanted);
      boxes.forEach((box, i) => { box.value = left[i] || ""; });
    } else {
      const empty = names.indexOf("");
      if (empty < 0) return; // every seat is taken
      boxes[empty].value = chip.value;
    }
    sync(chip.form);
  });

  document.addEventListener("input", (event) => {
    if (event.target.matches?.('input[name^="player_"]')) sync(event.target.form);
  });
})();
