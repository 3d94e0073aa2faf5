import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { resetAnswers } from "./fake-api";

// findBy… and waitFor give up after 1 s by default. Beside the browser suites on two cores a page's
// next render can take longer; they still return as soon as it shows.
configure({ asyncUtilTimeout: 10_000 });

// Every test talks to the fake API (fake-api.ts), never to a server.
vi.mock("../api", async () => (await import("./fake-api")).fakeApiModule());

// Each test starts from an empty document (vitest runs without globals, so no automatic cleanup), no
// API answers and fresh call records.
afterEach(() => {
  cleanup();
  resetAnswers();
  vi.clearAllMocks();
});

// antd's responsive grid and tables ask for media queries, which happy-dom does not answer.
Object.defineProperty(window, "matchMedia", {
  writable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});
