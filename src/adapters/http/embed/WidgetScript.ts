import { SIZE_MESSAGE } from "./EmbedPage.js"

/**
 * `widget.js`: turns every `<div data-spotcast-widget="wgt_…" data-display="mini|full">` of the page
 * into an iframe of the widget's page on this service, sized to its content. One closure, no globals;
 * each element is handled once, however often the script is included; several widgets per page work.
 * The iframe is sandboxed (scripts only, an opaque origin): sizing messages are matched by their source
 * window, and their height is bounded.
 */
export const widgetScript = `(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.src) return;
  var pages = new URL("widgets/", script.src).href;
  var ID = /^wgt_[0-9A-Za-z]{1,64}$/;
  var frames = [];
  function mount() {
    var nodes = document.querySelectorAll("[data-spotcast-widget]");
    for (var i = 0; i < nodes.length; i++) {
      var node = nodes[i];
      if (node.getAttribute("data-spotcast-mounted") === "1") continue;
      var id = node.getAttribute("data-spotcast-widget") || "";
      if (!ID.test(id)) continue;
      var display = node.getAttribute("data-display") === "full" ? "full" : "mini";
      node.setAttribute("data-spotcast-mounted", "1");
      var frame = document.createElement("iframe");
      frame.src = pages + encodeURIComponent(id) + "?display=" + display;
      frame.title = "Marine forecast";
      frame.setAttribute("sandbox", "allow-scripts");
      frame.setAttribute("loading", "lazy");
      frame.setAttribute("referrerpolicy", "no-referrer");
      frame.style.border = "0";
      frame.style.width = "100%";
      frame.style.height = (display === "full" ? 320 : 120) + "px";
      frame.style.display = "block";
      frames.push(frame);
      node.appendChild(frame);
    }
  }
  window.addEventListener("message", function (event) {
    var data = event.data;
    if (!data || data.type !== "${SIZE_MESSAGE}" || typeof data.height !== "number") return;
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === event.source) {
        frames[i].style.height = Math.max(40, Math.min(2000, Math.ceil(data.height))) + "px";
      }
    }
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mount);
  else mount();
})();
`
