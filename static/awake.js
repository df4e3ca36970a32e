// "Keep the screen awake" on a game's page (Screen Wake Lock), where the phone can
// (docs/phones.md). Uses stored() and store() from static/app.js.
"use strict";

const AWAKE = "hand-awake";

let wakeLock = null;

async function holdAwake() {
  const box = document.querySelector("[data-awake]");
  if (!box || !stored(AWAKE, false) || wakeLock || document.hidden) {
    return;
  }
  try {
    wakeLock = await navigator.wakeLock.request("screen");
    wakeLock.addEventListener("release", () => { wakeLock = null; });
    box.querySelector("[data-awake-refused]").hidden = true;
  } catch (error) {
    box.querySelector("[data-awake-refused]").hidden = false;
  }
}

function wireAwake() {
  const box = document.querySelector("[data-awake]");
  if (!box || !("wakeLock" in navigator) || !window.isSecureContext) {
    return;
  }
  box.hidden = false;
  const input = box.querySelector("input");
  input.checked = stored(AWAKE, false);
  holdAwake();
}

document.addEventListener("change", (event) => {
  if (!event.target.closest("[data-awake] input")) {
    return;
  }
  store(AWAKE, event.target.checked);
  if (event.target.checked) {
    holdAwake();
  } else if (wakeLock) {
    wakeLock.release();
  }
});
// The phone lets go of the lock when the page is hidden; take it again on return.
document.addEventListener("visibilitychange", holdAwake);
// The game part was replaced: its box is new.
document.addEventListener("sheet-shown", wireAwake);

wireAwake();
