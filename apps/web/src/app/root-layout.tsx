// The page frame of every storefront route: header, content (with keep-alive), side panel, footer, and
// on phones the bottom bar in the side panel's place (docs/decisions/0054).
import { routes } from "@yj/contract";
import { Suspense } from "react";
import { type LoaderFunctionArgs, useMatches } from "react-router";
import { apiQuery } from "../lib/queries";
import type { RouteContext, RouteHandle } from "../lib/route-context";
import { cartQuery, useCartCountSync } from "../session/cart";
import { useLoginRequiredHandler } from "../session/require-login";
import { currentCustomerQuery, hasSessionCookie } from "../session/session";
import { KeepAliveOutlet } from "./keep-alive-outlet";
import { BottomBar } from "./layout/bottom-bar";
import { ChatHost } from "./layout/chat-host";
import { Footer } from "./layout/footer";
import { Header } from "./layout/header";
import { LeadDialogHost } from "./layout/lead-dialog-host";
import { ProgressBar } from "./layout/progress-bar";
import { SidePanel } from "./layout/side-panel";
import { useDocumentTitle } from "./use-document-title";

/**
 * Data every page needs: brand and contact details, the menu's categories, the city list; and, when
 * the server render gets a token cookie, who it belongs to (the header's number; a refused token
 * renders the page logged out — see entry-server) and their cart. Never throws for a stale session.
 */
export async function rootLoader({ request }: LoaderFunctionArgs, { queryClient, api }: RouteContext) {
  const onServer = typeof document === "undefined";
  await Promise.all([
    queryClient.ensureQueryData(apiQuery(api, routes.siteSettings)),
    queryClient.ensureQueryData(apiQuery(api, routes.goodsCategories)),
    queryClient.ensureQueryData(apiQuery(api, routes.cityList, { type: "1" })),
    onServer && hasSessionCookie(request) ? queryClient.prefetchQuery(currentCustomerQuery(api)) : null,
    // The header's cart count is server-rendered for a logged-in visitor (entry-server reads it).
    onServer && hasSessionCookie(request) ? queryClient.prefetchQuery(cartQuery(api)) : null,
  ]);
  return null;
}

export function RootLayout() {
  const matches = useMatches();
  const handle = (matches.at(-1)?.handle ?? {}) as RouteHandle;
  const isHome = matches.at(-1)?.pathname === "/";
  useDocumentTitle();
  useLoginRequiredHandler();
  useCartCountSync();
  if (handle.bare) return <KeepAliveOutlet />;
  return (
    <>
      {/* Each boundary hydrates as its own task, so no single long task blocks the page (P6 TBT). */}
      <Suspense fallback={null}>
        <Header overall={handle.view === "overall"} home={isHome} />
      </Suspense>
      <main className="page">
        {/* Inside a landmark: axe counts content outside one (region), and the bar lingers 300 ms after a
            navigation ends, so a scan right after a click met it there. Fixed, so it draws the same. */}
        <ProgressBar />
        <Suspense fallback={null}>
          <KeepAliveOutlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <SidePanel overall={handle.view === "overall"} />
      </Suspense>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <BottomBar />
      <LeadDialogHost />
      <ChatHost />
    </>
  );
}
