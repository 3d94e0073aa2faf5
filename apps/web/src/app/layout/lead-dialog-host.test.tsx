// The side panel's price calculator and book-now entries open their dialogs, loaded on first opening.
import { fireEvent, screen } from "@testing-library/react";
import { routes } from "@yj/contract";
import { afterEach, describe, expect, it } from "vitest";
import { closeLeadDialog } from "../../lib/lead-dialogs";
import { fakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { LeadDialogHost } from "./lead-dialog-host";
import { SidePanel } from "./side-panel";

/** The dialogs are lazy chunks: their first load can take seconds on a busy machine. */
const LAZY = { timeout: 10_000 };

afterEach(() => closeLeadDialog());

function renderPanel() {
  const { api } = fakeApi({ get: { [routes.servedCount.path]: () => Promise.resolve(3) } });
  return renderApp(
    <>
      <SidePanel overall={false} />
      <LeadDialogHost />
    </>,
    {
      api,
      prime: (set) => {
        set(routes.regions, { code: "86" }, { "330000": "浙江省" });
        set(routes.regions, { code: "330000" }, { "330100": "杭州市" });
      },
    },
  );
}

describe("lead dialogs from the side panel", () => {
  it("免费设计 opens the booking dialog; Esc closes it", async () => {
    renderPanel();
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "免费设计" }));
    expect(await screen.findByRole("dialog", { name: "免费预约设计师" }, LAZY)).toBeTruthy();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("价格计算 opens the estimate dialog", async () => {
    renderPanel();
    fireEvent.click(screen.getByRole("button", { name: "价格计算" }));
    expect(await screen.findByRole("dialog", { name: "在线智能报价" }, LAZY)).toBeTruthy();
    expect(await screen.findByText("已为", { exact: false }, LAZY)).toBeTruthy();
  });
});
