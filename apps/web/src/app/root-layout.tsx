// The page frame of every storefront route: header, content (with keep-alive), side panel, footer.
import { endpoints } from "@yj/contract";
import { type LoaderFunctionArgs, useMatches } from "react-router";
import { apiQuery } from "../lib/queries";
import { KeepAliveOutlet } from "./keep-alive-outlet";
import { Footer } from "./layout/footer";
import { Header } from "./layout/header";
import { ProgressBar } from "./layout/progress-bar";
import { SidePanel } from "./layout/side-panel";
import type { RouteContext, RouteHandle } from "./route-context";
import { useDocumentTitle } from "./use-document-title";

/** Data every page needs: brand and contact details, the menu's categories, the city list. */
export async function rootLoader(_args: LoaderFunctionArgs, { queryClient, api }: RouteContext) {
  await Promise.all([
    queryClient.ensureQueryData(apiQuery(api, endpoints.siteSettings)),
    queryClient.ensureQueryData(apiQuery(api, endpoints.goodsCategories)),
    queryClient.ensureQueryData(apiQuery(api, endpoints.cityList, { type: "1" })),
  ]);
  return null;
}

export function RootLayout() {
  const matches = useMatches();
  const handle = (matches.at(-1)?.handle ?? {}) as RouteHandle;
  const isHome = matches.at(-1)?.pathname === "/";
  useDocumentTitle();
  if (handle.bare) return <KeepAliveOutlet />;
  return (
    <>
      <ProgressBar />
      <Header overall={handle.view === "overall"} home={isHome} />
      <main className="page">
        <KeepAliveOutlet />
      </main>
      <SidePanel overall={handle.view === "overall"} />
      <Footer />
    </>
  );
}
