// The console's API boundary in tests: setup.ts puts `fakeApiModule()` in place of ../api for every test,
// and `answer()` says what each endpoint returns. Calls to an endpoint without an answer fail loudly.
import { AdminMessages, adminRoutes, type Route } from "@yj/contract";
import { vi } from "vitest";

type Answer = (input: unknown) => unknown;
const answers = new Map<string, Answer>();

/** What the endpoint at `route` answers next (a value, or a function of the query or body; throw to fail). */
export function answer(route: Route, reply: Answer | object | unknown[]) {
  answers.set(route.path, typeof reply === "function" ? (reply as Answer) : () => reply);
}

export function resetAnswers() {
  answers.clear();
}

async function reply(route: Route, input: unknown) {
  const found = answers.get(route.path);
  if (!found) throw new Error(`unexpected ${route.method} ${route.path}`);
  return found(input);
}

export const api = {
  get: vi.fn((route: Route, query?: unknown) => reply(route, query)),
  post: vi.fn((route: Route, body?: unknown) => reply(route, body)),
  save: vi.fn(async (route: Route, body: unknown) => {
    const data = await reply(route, body);
    return { data, changed: true, message: "操作成功" };
  }),
  uploadImage: vi.fn(),
  uploadChatPicture: vi.fn(),
};

/** The save answer the server gives when nothing changed. */
export function unchanged(data: unknown) {
  return { data, changed: false, message: AdminMessages.unchanged };
}

/** The module that replaces ../api. */
export async function fakeApiModule() {
  const { ApiError } = await import("@yj/api-client");
  return {
    ...api,
    routes: adminRoutes,
    ApiError,
    rememberCsrf: vi.fn(),
    whenLoggedOut: vi.fn(),
  };
}
