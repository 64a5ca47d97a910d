// Loads a prerendered page's code once the page has painted (vite.config.ts writes the addresses below).
// The HTML alone already shows the page; fetched beside it, the code would share a slow line with the
// stylesheet and delay that first paint by seconds, for a page that stays inert until hydrated anyway.
(() => {
  const script = document.currentScript;
  if (!(script instanceof HTMLScriptElement)) return;
  const { entry = "", modules = "" } = script.dataset;
  const load = () => {
    // One insertion for all of them: the head changes once.
    const tags = document.createDocumentFragment();
    for (const href of modules.split(" ").filter(Boolean)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      tags.append(link);
    }
    const module = document.createElement("script");
    module.type = "module";
    module.crossOrigin = "";
    module.src = entry;
    tags.append(module);
    document.head.append(tags);
  };
  // The frame's callback runs just before it paints; the timer after it, once it has. A tab opened in the
  // background paints nothing until shown: it loads at once.
  if (document.visibilityState === "hidden") load();
  else requestAnimationFrame(() => setTimeout(load, 0));
})();
