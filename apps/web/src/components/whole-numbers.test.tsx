import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { WholeNumbers } from "./whole-numbers";

describe("WholeNumbers", () => {
  it("holds each figure with its unit on one line and keeps the text as it was", () => {
    const { container } = render(
      <h2>
        <WholeNumbers text="成都·武侯 92㎡ 日式原木三居 全包 20万 750×1500 699元/㎡" />
      </h2>,
    );
    const held = [...container.querySelectorAll("span")].filter((s) => s.style.whiteSpace === "nowrap");
    expect(held.map((s) => s.textContent)).toEqual(["92㎡", "20万", "750×1500", "699元/㎡"]);
    expect(container.textContent).toBe("成都·武侯 92㎡ 日式原木三居 全包 20万 750×1500 699元/㎡");
  });
});
