// Renders a console page as the app does (antd in Chinese, the App context for toasts) at an address.
import { render, screen } from "@testing-library/react";
import type { StaffMe } from "@yj/contract";
import { App as AntApp, ConfigProvider } from "antd";
import zhCN from "antd/locale/zh_CN";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { expect } from "vitest";
import { GivenSession } from "../session";

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

/** `page` at `url`, under the route `path` (for its params), as the staff member `me` when one is given. */
export function renderPage(
  page: ReactNode,
  { url = "/", path = "*", me }: { url?: string; path?: string; me?: StaffMe } = {},
) {
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <>
            {me ? <GivenSession me={me}>{page}</GivenSession> : page}
            <Where />
          </>
        ),
      },
      // Where a page sends the user (a new record's own page) shows as the address alone.
      { path: "*", element: <Where /> },
    ],
    { initialEntries: [url] },
  );
  return render(
    <ConfigProvider locale={zhCN}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>,
  );
}

/** Each text is on the page now. */
export function expectShown(...texts: string[]) {
  for (const text of texts) expect(screen.getByText(text)).toBeTruthy();
}
