// A save sends only what changed (issue 40). The next deal's empty form is the same for
// every deal of a table, but for its number: the phone fetches it once, the first time a
// deal is entered (GET its form's data-blank address, kept rendered by the server with a
// stand-in number), says it holds it when saving, and the answer then carries a stand-in
// <template data-empty-form="N"> that becomes the form, numbered N, before htmx swaps it
// in: the page ends as if the server had sent the form. Without this file (or before the
// form came) the answer holds the whole form, as it always did.
(() => {
  // scorekeeper/web/game/routes.py's NUMBER_SLOT: the kept form's stand-in deal number.
  const SLOT = "987654321";
  const STAND_IN = /<template data-empty-form="(\d+)"><\/template>/;
  let blank = null; // { address, html }: html stays null until it has come
  let sent = null; // the html a save said it holds, for its answer

  function fetchBlank(address) {
    blank = { address, html: null };
    fetch(address, { credentials: "same-origin" })
      .then((response) => (response.ok ? response.text() : null))
      .then((html) => {
        if (blank && blank.address === address && html && html.includes(SLOT)) {
          blank.html = html;
        }
      })
      .catch(() => {
        blank = null; // tried again at the next entry
      });
  }

  document.addEventListener("input", (event) => {
    const form = event.target.closest && event.target.closest("form.deal-form[data-blank]");
    if (form && (!blank || blank.address !== form.dataset.blank)) {
      fetchBlank(form.dataset.blank);
    }
  });

  document.addEventListener("htmx:configRequest", (event) => {
    const form = event.detail.elt;
    if (blank && blank.html && form.matches("form.deal-form[data-blank]")
        && form.dataset.blank === blank.address) {
      event.detail.headers["HX-Empty-Form"] = blank.address;
      sent = blank.html;
    }
  });

  document.addEventListener("htmx:beforeSwap", (event) => {
    const answer = event.detail.serverResponse;
    if (sent && typeof answer === "string" && STAND_IN.test(answer)) {
      const html = sent;
      event.detail.serverResponse = answer.replace(
        STAND_IN, (_, deal) => html.split(SLOT).join(deal));
    }
  });
})();
