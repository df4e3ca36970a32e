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
