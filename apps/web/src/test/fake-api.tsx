// Browser-side test helpers: an API whose answers a test chooses, and where the router is now.
import { screen } from "@testing-library/react";
import type { Route } from "@yj/contract";
import { useLocation } from "react-router";
import { vi } from "vitest";
import type { ApiClient } from "../lib/api-client";

/** An API whose answers the test chooses per endpoint; unknown calls fail. */
export function fakeApi(answers: {
  get?: Record<string, () => Promise<unknown>>;
  post?: Record<string, () => Promise<unknown>>;
}) {
  const get = vi.fn(
    (e: Route, _query?: unknown) => answers.get?.[e.path]?.() ?? Promise.reject(new Error(`unexpected GET ${e.path}`)),
  );
  const post = vi.fn(
    (e: Route, _body?: unknown, _options?: { headers?: Record<string, string> }) =>
      answers.post?.[e.path]?.() ?? Promise.reject(new Error(`unexpected POST ${e.path}`)),
  );
  return { api: { get, post } as unknown as ApiClient, get, post };
}

/** Renders the router's current path and search, for `where()`. */
export function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}
export const where = () => screen.getByTestId("where").textContent;
