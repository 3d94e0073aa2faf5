// The detail pages' buy buttons: 加入购物车 (a SKU and a quantity; a package's version under its id),
// 立即购买 to /submitOrder with that one item, and login first for a visitor.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { routes } from "@yj/contract";
import { describe, expect, it } from "vitest";
import { cartOf } from "../../test/commerce-fixtures";
import { fakeApi, Where, where } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { CartActions } from "./components/cart-actions";

const loggedIn = { loggedIn: true, phoneNum: "13800000000" };

describe("CartActions", () => {
  it("adds the chosen SKU and quantity and takes the new count", async () => {
    const { api, post } = fakeApi({
      post: { [routes.cartCreate.path]: () => Promise.resolve(cartOf({ cartNum: 5 })) },
    });
    const { store } = renderApp(<CartActions goodsId={7} skuId={70} quantity={3} buyDisabled={false} />, {
      api,
      state: { ...loggedIn, cartNum: 2 },
    });
    fireEvent.click(screen.getByRole("button", { name: "加入购物车" }));
    await waitFor(() => expect(store.getState().cartNum).toBe(5));
    expect(post.mock.calls[0]?.[0]).toBe(routes.cartCreate);
    expect(post.mock.calls[0]?.[1]).toEqual({ goodsId: 7, skuId: 70, quantity: 3 });
    expect(await screen.findByText("已加入购物车")).toBeTruthy();
  });

  it("adds once for a double click, saying 正在加入… until the answer", async () => {
    let answer: (cart: ReturnType<typeof cartOf>) => void = () => {};
    const { api, post } = fakeApi({
      post: { [routes.cartCreate.path]: () => new Promise((resolve) => (answer = resolve)) },
    });
    const { store } = renderApp(<CartActions goodsId={7} skuId={70} buyDisabled={false} />, {
      api,
      state: { ...loggedIn, cartNum: 3 },
    });
    const button = screen.getByRole("button", { name: "加入购物车" });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(post).toHaveBeenCalled());
    const busy = screen.getByRole("button", { name: "正在加入…" }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    answer(cartOf({ cartNum: 4 }));
    await waitFor(() => expect(store.getState().cartNum).toBe(4));
    expect((screen.getByRole("button", { name: "加入购物车" }) as HTMLButtonElement).disabled).toBe(false);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it("adds a package's version with createList under the package id", async () => {
    const { api, post } = fakeApi({
      post: { [routes.cartCreateList.path]: () => Promise.resolve(cartOf({ cartNum: 1 })) },
    });
    renderApp(<CartActions goodsId={50} skuId={500} isPackage buyDisabled={false} />, { api, state: loggedIn });
    fireEvent.click(screen.getByRole("button", { name: "加入购物车" }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[1]).toEqual({ isMeal: 50, items: [{ goodsId: 50, skuId: 500, quantity: 1 }] });
  });

  it("buys now: /submitOrder with the one item", () => {
    renderApp(
      <>
        <CartActions goodsId={50} skuId={500} isPackage buyDisabled={false} />
        <Where />
      </>,
      { state: loggedIn, path: "/packageDetails/50" },
    );
    fireEvent.click(screen.getByRole("button", { name: "立即购买" }));
    expect(where()).toBe("/submitOrder?goodsId=50&skuId=500&quantity=1&isMeal=50");
  });

  it("sends a visitor to login and back, adding nothing", () => {
    const { api, post } = fakeApi({});
    renderApp(
      <>
        <CartActions goodsId={7} skuId={70} buyDisabled={false} />
        <Where />
      </>,
      { api, path: "/app/product-detail/7" },
    );
    fireEvent.click(screen.getByRole("button", { name: "加入购物车" }));
    expect(where()).toBe("/login?redirect=%2Fapp%2Fproduct-detail%2F7");
    expect(post).not.toHaveBeenCalled();
  });

  it("cannot buy without a SKU in stock", () => {
    renderApp(<CartActions goodsId={7} skuId={undefined} buyDisabled={false} />, { state: loggedIn });
    expect((screen.getByRole("button", { name: "加入购物车" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "立即购买" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
