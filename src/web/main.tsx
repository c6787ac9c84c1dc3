import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { Providers } from "./app/providers";
import { createQueryClient } from "./app/query-client";
import { AppRoutes } from "./app/router";
import { AppErrorBoundary } from "./app/shell/route-error-page";
import { startOfflineWorker } from "./app/pwa/start-worker";
import { activate, initialLocale } from "./lib/i18n";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element");

const queryClient = createQueryClient();

// The declarative router (no loaders or actions here: TanStack Query holds the data), half the data router's size.
// Navigations are not transitions: a page that is still loading shows 'Loading…' in the page area at once.
// The first render is a transition, so React draws it in short slices and the page answers input meanwhile.
const root = createRoot(container);
// The language first (decision 038): the browser's or the one chosen here before; English words come with the app,
// another language's common words are one small request before the first paint.
void activate(initialLocale(), ["common"]).then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <BrowserRouter useTransitions={false}>
            <AppErrorBoundary>
              <AppRoutes />
            </AppErrorBoundary>
          </BrowserRouter>
        </Providers>
      </StrictMode>,
    ),
  ),
);

// The offline worker and the installable app (decision 037), once the page has loaded, its data has arrived and the
// browser is idle.
startOfflineWorker(queryClient);
