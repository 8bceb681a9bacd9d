import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import "./index.css";
import { App } from "./app/app";
import { preloadOnPointing, preloadRoute } from "./app/route-preload";
import { FIRST_SCREEN_DATA_ID } from "./first-screen";
import { queryClient } from "./lib/query-client";

// The CSP forbids eval. zod (loaded with the forms) probes for it when it builds a schema, which the
// browser reports as a CSP violation; its jitless mode skips the probe. Set before zod loads, without importing it.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

// A server-rendered page brings the data it was rendered with, so the first render here matches it.
const firstScreen = document.getElementById(FIRST_SCREEN_DATA_ID)?.textContent;
if (firstScreen) {
  for (const [key, data] of JSON.parse(firstScreen) as [unknown[], unknown][]) queryClient.setQueryData(key, data);
}

// A signed-in page's session, code and data start now, side by side, before the first render asks for them.
preloadRoute(window.location.pathname);
preloadOnPointing();

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
