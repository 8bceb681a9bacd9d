import { QueryClientProvider } from "@tanstack/react-query";
import { Suspense } from "react";
import { BrowserRouter } from "react-router";
import { Layout } from "../components/layout";
import { ScrollToTop } from "../components/scroll-to-top";
import { Spinner } from "../components/spinner";
import { queryClient } from "../lib/query-client";
import { AppRoutes } from "./app-routes";

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ScrollToTop />
        <Layout>
          <Suspense fallback={<Spinner />}>
            <AppRoutes />
          </Suspense>
        </Layout>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
