// Server render: the route table's loaders prefetch through the API (in-process), React renders
// with that data, and the HTML streams out with the state the browser hydrates from.

import { Writable } from "node:stream";
import { dehydrate } from "@tanstack/react-query";
import { type CartData, routes, type SiteSettings, TOKEN_COOKIE, untilAborted } from "@yj/contract";
import { renderToPipeableStream } from "react-dom/server";
import { createStaticHandler, createStaticRouter, RouterContextProvider, StaticRouterProvider } from "react-router";
import { AppProviders, createQueryClient } from "./app/app-providers";
import { documentHeadParts, documentTail } from "./app/document";
import { headTags } from "./app/head-tags";
import { createRoutes } from "./app/routes";
import { composeTitle, leafMeta } from "./app/use-document-title";
import { createApiClient } from "./lib/api-client";
import { cookieValue } from "./lib/cookies";
import { apiQuery } from "./lib/queries";
import { renderWhole } from "./lib/render-whole";
import { requestRouteContext, routeContextKey } from "./lib/route-context";
import { type ClientState, createStore, parseCityCookie } from "./lib/store";
import type { RenderOptions, RenderResult } from "./render-seam";
import { cartQuery } from "./session/cart";
import { sessionRefused } from "./session/session";

/**
 * One route table and handler for every request: building them (and matching their ranked branches,
 * and loading each lazy screen) per request cost about a millisecond (docs/decisions/0059). Each
 * request's query client and API client reach the loaders through its request context.
 */
const handler = createStaticHandler(createRoutes(requestRouteContext));

/** The stylesheet's bytes, encoded once per build (the text is the same object on every page). */
let cssBytes = { css: "", bytes: Buffer.alloc(0) };
function styleBytes(css: string): Buffer {
  if (cssBytes.css !== css) cssBytes = { css, bytes: Buffer.from(css) };
  return cssBytes.bytes;
}

export async function render({
  request,
  transport,
  origin,
  nonce,
  styleNonce,
  assets,
  onError,
}: RenderOptions): Promise<RenderResult> {
  const queryClient = createQueryClient();
  const api = createApiClient(transport);
  const requestContext = new RouterContextProvider();
  requestContext.set(routeContextKey, { queryClient, api });
  const context = await untilAborted(handler.query(request, { requestContext }), request.signal);
  if (context instanceof Response) {
    return { kind: "redirect", status: context.status, location: context.headers.get("Location") ?? "/" };
  }

  const settings = queryClient.getQueryData<SiteSettings>(apiQuery(api, routes.siteSettings).queryKey);
  const cookies = request.headers.get("cookie");
  const loggedIn = cookieValue(cookies, TOKEN_COOKIE) !== undefined && !sessionRefused(queryClient, api);
  const cart = queryClient.getQueryData<CartData>(cartQuery(api).queryKey);
  const city = parseCityCookie(cookies ?? undefined);
  const clientState: ClientState = {
    cityName: city?.cityName ?? settings?.defaultCity ?? "杭州市",
    province: city?.province ?? settings?.defaultProvince ?? "浙江省",
    cityChosen: city !== null,
    // docs/product.md §4: logged in is decided by the token cookie; the session itself is checked by the API
    // (the root loader asked it: a token it refuses renders the page logged out).
    loggedIn,
    phoneNum: null,
    cartNum: loggedIn ? (cart?.cartNum ?? 0) : 0,
  };
  const store = createStore(clientState);
  const meta = leafMeta(context.matches.map((m) => ({ loaderData: context.loaderData[m.route.id] })));
  const brand = settings?.brandName ?? "";
  const router = createStaticRouter(handler.dataRoutes, context);
  const app = (
    <AppProviders queryClient={queryClient} api={api} store={store}>
      <StaticRouterProvider router={router} context={context} nonce={nonce} />
    </AppProviders>
  );

  /** The document around React's output: head, stylesheet, body, boot state and scripts. */
  const page = (status: number, body: Buffer[]): RenderResult => {
    const url = new URL(request.url);
    const head = headTags({
      origin,
      path: url.pathname,
      ok: status < 300,
      title: composeTitle(brand, meta),
      siteName: brand,
      defaultDescription: `${brand}：整装、标准化硬装、主材、定制橱柜与家具、成品家具、软装、家电，全国${settings?.coveredCities ?? 136}城服务。`,
      meta,
    });
    const [before, css, after] = documentHeadParts({ head, assets, nonce, styleNonce });
    // After React's output, as React Query holds the data once the page is drawn.
    const boot = { queries: dehydrate(queryClient), client: clientState };
    const tail = Buffer.from(documentTail({ boot, nonce, assets }));
    // The stylesheet's bytes are the same object on every page: the server compresses them once
    // (docs/decisions/0083).
    return {
      kind: "html",
      status,
      parts: {
        head: Buffer.from(before),
        stylesheet: styleBytes(css),
        rest: Buffer.concat([Buffer.from(after), ...body, tail]),
      },
    };
  };

  const whole = renderWhole(app);
  if (whole !== undefined) return page(context.statusCode, [Buffer.from(whole)]);

  return new Promise((resolve, reject) => {
    let failed = false;
    // React calls back asynchronously, after `stream` and `onAbort` below exist.
    const stream = renderToPipeableStream(app, {
      nonce,
      // The page is sent whole (onAllReady), so no boundary should be split out of document order:
      // React outlines boundaries above this size and reveals them a frame later by script, and
      // the footer painted in the meantime under the unrevealed rows jumped down (CLS 0.19, P6).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      // Wait for the whole page: crawlers get complete HTML (P7).
      onAllReady() {
        request.signal.removeEventListener("abort", onAbort);
        // React's output is gathered; the document leaves in three parts, not one write to the
        // socket per React chunk (docs/decisions/0059, 0083).
        const chunks: Buffer[] = [];
        const gather = new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
        });
        gather.on("finish", () => resolve(page(failed ? 500 : context.statusCode, chunks)));
        gather.on("error", reject);
        stream.pipe(gather);
      },
      onShellError(error) {
        reject(error);
      },
      onError(error) {
        failed = true;
        onError(error);
      },
    });
    // The server aborts a render that takes too long: loaders stop waiting (React Router races them
    // against the request's signal) and so does React.
    const onAbort = () => {
      stream.abort(request.signal.reason);
      reject(request.signal.reason);
    };
    if (request.signal.aborted) onAbort();
    else request.signal.addEventListener("abort", onAbort, { once: true });
  });
}
