import { QueryClientProvider } from "@tanstack/react-query";
import { Suspense, useEffect } from "react";
import { Layout } from "../components/layout";
import { ScrollToTop } from "../components/scroll-to-top";
import { Spinner } from "../components/spinner";
import { markPageLive, whenPageLive } from "../lib/page-live";
import { queryClient } from "../lib/query-client";
import { BrowserRouter } from "../lib/router";
import { AppRoutes } from "./app-routes";

/**
 * Marks the page live (`<html data-ready>`) once the route's content has hydrated or rendered: the
 * browser tests wait for it before typing into a server-rendered page.
 */
function ReadyMark() {
  useEffect(markPageLive, []);
  return null;
}

/** Everything inside the router and the query client: the same tree in the browser and on the server. */
export function AppContent() {
  return (
    <>
      <ScrollToTop />
      <Layout>
        <Suspense fallback={<Spinner />}>
          <AppRoutes />
          <ReadyMark />
        </Suspense>
      </Layout>
    </>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter whenReady={whenPageLive}>
        <AppContent />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
