// The result picture of a finished game (templates/games/_share_result.html): where the
// browser can share files (the Web Share API, a phone's share sheet), the link hands it the
// picture itself, to send in a chat; elsewhere it stays the plain download it is without
// script. Loaded only by a finished game's page.
(() => {
  "use strict";
  if (window.handShareResult) return; // loaded again by a part of the page htmx swapped in
  window.handShareResult = true;

  const LINKS = "a[data-share-result]";
  const sharesFiles = (() => {
    try {
      const probe = new File([""], "result.png", { type: "image/png" });
      return Boolean(navigator.share && navigator.canShare &&
                     navigator.canShare({ files: [probe] }));
    } catch {
      return false;
    }
  })();
  if (!sharesFiles) return;

  // The picture, fetched once per address: ahead of the tap where the player reaches for
  // the link, so the share sheet opens at the tap itself (a browser shares only then).
  const pictures = new Map();
  const picture = (link) => {
    const url = link.href;
    if (!pictures.has(url)) {
      const file = fetch(url, { credentials: "same-origin" }).then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const named = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") || "");
        const blob = await response.blob();
        return new File([blob], named ? named[1] : "result.png", { type: "image/png" });
      });
      file.catch(() => pictures.delete(url));
      pictures.set(url, file);
    }
    return pictures.get(url);
  };

  const download = (link) => {
    const save = document.createElement("a");
    save.href = link.href;
    save.download = "";
    document.body.append(save);
    save.click();
    save.remove();
  };

  const offer = () => {
    for (const link of document.querySelectorAll(LINKS)) {
      if (link.dataset.shareLabel) link.textContent = link.dataset.shareLabel;
    }
  };

  for (const type of ["pointerdown", "focusin"]) {
    document.addEventListener(type, (event) => {
      const link = event.target.closest && event.target.closest(LINKS);
      if (link) picture(link);
    });
  }

  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest(LINKS);
    if (!link) return;
    event.preventDefault();
    picture(link)
      .then((file) => navigator.share({ files: [file], title: link.dataset.shareTitle || "" }))
      .catch((error) => {
        // The player closed the share sheet: nothing to do. Anything else (no picture, or
        // the browser would not share): the picture is downloaded instead.
        if (error && error.name === "AbortError") return;
        download(link);
      });
  });

  // A correction or a new game swaps parts of the page: its picture is another.
  document.addEventListener("htmx:afterSwap", () => {
    pictures.clear();
    offer();
  });
  offer();
})();
