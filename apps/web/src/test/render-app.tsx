// Renders UI inside the app's providers and a memory router, with query data primed as the server
// would have it, so component tests see what a visitor sees.

import { render } from "@testing-library/react";
import type { EndpointOf, QueryOf, Route, SiteSettings } from "@yj/contract";
import { routes } from "@yj/contract";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppProviders, createQueryClient } from "../app/app-providers";
import type { ApiClient } from "../lib/api-client";
import { apiQuery } from "../lib/queries";
import { type ClientState, createStore } from "../lib/store";

export const settingsFixture: SiteSettings = {
  brandName: "悦家整装",
  hotline: "0571-8678-0130",
  headOfficeAddress: "浙江省杭州市滨江区江南大道 588 号",
  icpNumber: "浙ICP备2023012345号-1",
  coveredCities: 136,
  defaultProvince: "浙江省",
  defaultCity: "杭州市",
  serviceHours: "09:00-21:00",
  serviceEmail: "service@yuejia.example",
  wechat: "yuejia-kefu",
  policeFilingNumber: "浙公网安备 33010602000000号",
  companyName: "杭州悦家装饰工程有限公司（演示）",
  companyAddress: "浙江省杭州市滨江区江南大道 588 号",
  creditCode: "91330108MA2H4DEM0A",
  licenceImage: "",
  activityDepositCents: 9900,
  depositRefundDays: 7,
  leadRetentionMonths: 24,
};

/** An API client that fails loudly: component tests must prime every query they need. */
const noNetwork: ApiClient = {
  get: (e) => Promise.reject(new Error(`unexpected GET ${e.path}`)),
  post: (e) => Promise.reject(new Error(`unexpected POST ${e.path}`)),
};

export function renderApp(
  ui: ReactNode,
  options: {
    path?: string;
    /** The route pattern the UI is mounted at, for screens that read params (`/article-detail/:id`). */
    routePath?: string;
    state?: Partial<ClientState>;
    /** The API the UI talks to; by default every call fails (prime the queries instead). */
    api?: ApiClient;
    prime?: (
      set: <R extends Route>(route: R, query: QueryOf<EndpointOf<R>> | undefined, data: unknown) => void,
    ) => void;
  } = {},
) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(apiQuery(noNetwork, routes.siteSettings).queryKey, settingsFixture);
  queryClient.setQueryData(apiQuery(noNetwork, routes.goodsCategories).queryKey, []);
  queryClient.setQueryData(apiQuery(noNetwork, routes.cityList, { type: "1" }).queryKey, []);
  options.prime?.((endpoint, query, data) =>
    queryClient.setQueryData(apiQuery(noNetwork, endpoint, query).queryKey, data as never),
  );
  const store = createStore({
    cityName: "杭州市",
    province: "浙江省",
    cityChosen: true,
    loggedIn: false,
    phoneNum: null,
    cartNum: 0,
    ...options.state,
  });
  // Any other path (where the UI navigates to) renders the same UI, without params.
  const mounted = options.routePath ? [{ path: options.routePath, element: ui }] : [];
  const router = createMemoryRouter([...mounted, { path: "*", element: ui }], {
    initialEntries: [options.path ?? "/"],
  });
  return {
    store,
    queryClient,
    router,
    ...render(
      <AppProviders queryClient={queryClient} api={options.api ?? noNetwork} store={store}>
        <RouterProvider router={router} />
      </AppProviders>,
    ),
  };
}

export function scrollTo(y: number) {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true });
  window.dispatchEvent(new Event("scroll"));
}
