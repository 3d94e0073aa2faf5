import { fireEvent, screen } from "@testing-library/react";
import { Messages } from "@yj/contract";
import { describe, expect, it, vi } from "vitest";
import { renderApp } from "../test/render-app";
import { ConfirmDialog } from "./confirm-dialog";

describe("confirm dialog", () => {
  it("is a labelled dialog that takes focus, confirms, and closes on Esc", () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderApp(
      <ConfirmDialog
        open
        title="退出登录"
        message={Messages.logoutConfirm}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const dialog = screen.getByRole("dialog", { name: "退出登录" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(screen.getByText(Messages.logoutConfirm)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "确定" }));
    fireEvent.click(screen.getByRole("button", { name: "确定" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
