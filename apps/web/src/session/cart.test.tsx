// The cart count (cartNum): fetched once logged in, following the cart query, 0 after logout.
import { act, screen, waitFor } from "@testing-library/react";
import { routes } from "@yj/contract";
import { describe, expect, it } from "vitest";
import { parseBuyNow } from "../lib/checkout-path";
import { useAppState } from "../lib/store";
import { cartOf } from "../test/commerce-fixtures";
import { fakeApi } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { useCartCountSync } from "./cart";
import { forgetLogin, rememberLogin } from "./session";

function Badge() {
  useCartCountSync();
  return <output data-testid="badge">{useAppState((s) => s.cartNum)}</output>;
}

describe("cart count", () => {
  it("follows the cart after login and is 0 after logout", async () => {
    const { api, get } = fakeApi({
      get: {
        [routes.cart.path]: () => Promise.resolve(cartOf({ cartNum: 4 })),
        [routes.currentCustomer.path]: () => Promise.resolve({ mobile: "13800000000", maskedMobile: "138****0000" }),
      },
    });
    const { store, queryClient } = renderApp(<Badge />, { api });
    expect(screen.getByTestId("badge").textContent).toBe("0");
    expect(get).not.toHaveBeenCalled();

    act(() => rememberLogin(store, queryClient, api, "13800000000"));
    await waitFor(() => expect(screen.getByTestId("badge").textContent).toBe("4"));

    act(() => forgetLogin(store, queryClient));
    expect(screen.getByTestId("badge").textContent).toBe("0");
  });
});

describe("buy-now parameters", () => {
  it("reads one item, or null for a cart checkout or junk", () => {
    const parse = (q: string) => parseBuyNow(new URLSearchParams(q));
    expect(parse("goodsId=5&skuId=9&quantity=2")).toEqual({ goodsId: 5, skuId: 9, quantity: 2 });
    expect(parse("goodsId=5&skuId=9&quantity=1&isMeal=5")).toEqual({ goodsId: 5, skuId: 9, quantity: 1, isMeal: 5 });
    expect(parse("")).toBeNull();
    for (const junk of [
      "goodsId=-1&skuId=9&quantity=1",
      "goodsId=5&skuId=x&quantity=1",
      "goodsId=5&skuId=9&quantity=10000",
      "goodsId=5&skuId=9&quantity=0",
    ]) {
      expect(parse(junk), junk).toBeNull();
    }
  });
});
