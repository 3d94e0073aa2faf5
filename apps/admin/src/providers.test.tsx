// A member who asks for less motion gets antd without animations, and the console follows the
// setting when it changes (providers.tsx).
import { act, render, screen } from "@testing-library/react";
import { theme } from "antd";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BackOfficeProviders } from "./providers";

function Motion() {
  const { token } = theme.useToken();
  return <output data-testid="motion">{String(token.motion)}</output>;
}

/** window.matchMedia answering `reduce` for the reduced-motion query; `set` changes it as the system would. */
function systemMotion(reduce: boolean) {
  const listeners = new Set<() => void>();
  const original = window.matchMedia;
  window.matchMedia = vi.fn((query: string) => ({
    get matches() {
      return query === "(prefers-reduced-motion: reduce)" && reduce;
    },
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    dispatchEvent: vi.fn(),
  })) as unknown as typeof window.matchMedia;
  restore = () => {
    window.matchMedia = original;
  };
  return {
    set(next: boolean) {
      reduce = next;
      for (const listener of listeners) listener();
    },
  };
}
let restore = () => {};
afterEach(() => restore());

describe("the back office's motion", () => {
  it("keeps antd's animations by default", () => {
    systemMotion(false);
    render(
      <BackOfficeProviders>
        <Motion />
      </BackOfficeProviders>,
    );
    expect(screen.getByTestId("motion").textContent).toBe("true");
  });

  it("turns them off for a member who asks for less motion, and follows the setting", () => {
    const system = systemMotion(true);
    render(
      <BackOfficeProviders>
        <Motion />
      </BackOfficeProviders>,
    );
    expect(screen.getByTestId("motion").textContent).toBe("false");
    act(() => system.set(false));
    expect(screen.getByTestId("motion").textContent).toBe("true");
    act(() => system.set(true));
    expect(screen.getByTestId("motion").textContent).toBe("false");
  });
});
