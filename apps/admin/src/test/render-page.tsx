// Renders a console page as the app does (its providers: antd in Chinese, the theme, toasts) at an address.
import { render, screen } from "@testing-library/react";
import type { StaffMe } from "@yj/contract";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { expect } from "vitest";
import { BackOfficeProviders } from "../providers";
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
    <BackOfficeProviders>
      <RouterProvider router={router} />
    </BackOfficeProviders>,
  );
}

/** Each text is on the page now. */
export function expectShown(...texts: string[]) {
  for (const text of texts) expect(screen.getByText(text)).toBeTruthy();
}
