// #21 item 8: a banner's stored link is followed only to this site or an http(s) address.
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { StoredLink } from "./stored-link";

function draw(to: string, web: boolean) {
  render(
    <MemoryRouter>
      <StoredLink to={to} web={web}>
        链接
      </StoredLink>
    </MemoryRouter>,
  );
  return screen.getByText("链接").closest("a")?.getAttribute("href") ?? null;
}

describe("StoredLink", () => {
  it.each([
    ["/case", true, "/case"],
    ["/packageDetails/151?from=banner", false, "/packageDetails/151?from=banner"],
    ["https://example.com/x", true, "https://example.com/x"],
    ["https://example.com/x", false, null],
    ["/\\evil.example", true, null],
    ["/\\evil.example", false, null],
    ["//evil.example", true, null],
    ["javascript:alert(1)", true, null],
  ])("%s (web %s) → %s", (to, web, href) => {
    expect(draw(to, web)).toBe(href);
  });
});
