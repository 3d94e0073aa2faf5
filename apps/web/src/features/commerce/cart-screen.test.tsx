// /shoppingCart: lines and package groups as the server answers them, selection, steppers bounded by
// stock, removal with confirmation, the server's total, marks on sold-out and repriced lines, checkout.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { routes } from "@yj/contract";
import { describe, expect, it } from "vitest";
import { cartLine, cartOf, sampleCart } from "../../test/commerce-fixtures";
import { fakeApi, Where, where } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import CartScreen from "./screens/cart-screen";

const loggedIn = { loggedIn: true, phoneNum: "13800000000" };
const primeCart =
  (cart = sampleCart) =>
  (set: (route: typeof routes.cart, query: undefined, data: unknown) => void) =>
    set(routes.cart, undefined, cart);

function renderCart(answers: Parameters<typeof fakeApi>[0] = {}, cart = sampleCart) {
  const fake = fakeApi(answers);
  const view = renderApp(
    <>
      <CartScreen />
      <Where />
    </>,
    { path: "/shoppingCart", api: fake.api, state: { ...loggedIn, cartNum: cart.cartNum }, prime: primeCart(cart) },
  );
  return { ...fake, ...view };
}

const lineNamed = (name: string) =>
  screen.getAllByTestId("cart-line").find((li) => li.textContent?.includes(name)) as HTMLElement;

describe("/shoppingCart", () => {
  it("shows single goods, the package with what it includes, the marks and the server's total", () => {
    renderCart();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("购物车共 3 件");
    expect(screen.getByRole("region", { name: "单品" })).toBeTruthy();
    for (const link of screen.getAllByRole("link", { name: "现代简约全屋套餐" })) {
      expect(link.getAttribute("href")).toBe("/packageDetails/50");
    }
    expect(screen.getByText("套餐包含 2 项")).toBeTruthy();
    expect(screen.getByText("卧室衣柜")).toBeTruthy();
    // realPrice, cents shown as yuan: never summed on the client.
    expect(screen.getByTestId("cart-total").textContent).toBe("¥62,899");

    const sold = within(lineNamed("实木餐桌"));
    expect(sold.getByText("已售罄")).toBeTruthy();
    expect((sold.getByRole("checkbox") as HTMLInputElement).disabled).toBe(true);
    expect((sold.getByRole("button", { name: /增加/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(lineNamed("布艺沙发")).getByText("降价：加入时 ¥3,299")).toBeTruthy();
    // Two of the three lines can be checked out (the sold-out one is not selected and cannot be).
    expect(screen.getByRole("button", { name: "去结算（2）" })).toBeTruthy();
  });

  it("changes a quantity within the stock and takes the answer's cart and count", async () => {
    const after = cartOf({ ...sampleCart, cartNum: 4, realPrice: 6_589_800 });
    const { post, store } = renderCart({ post: { [routes.cartUpdate.path]: () => Promise.resolve(after) } });
    const sofa = within(lineNamed("布艺沙发"));
    fireEvent.click(sofa.getByRole("button", { name: "增加布艺沙发数量" }));
    await waitFor(() => expect(store.getState().cartNum).toBe(4));
    expect(post.mock.calls[0]?.[1]).toEqual({ id: 1, quantity: 2 });
    expect(screen.getByTestId("cart-total").textContent).toBe("¥65,898");

    // Typed quantities are capped by the stock (10).
    fireEvent.change(sofa.getByRole("spinbutton"), { target: { value: "50" } });
    fireEvent.blur(sofa.getByRole("spinbutton"));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(post.mock.calls[1]?.[1]).toEqual({ id: 1, quantity: 10 });
  });

  it("selects a group and everything with updateList, only lines that can be bought", async () => {
    const none = {
      ...sampleCart,
      singleDada: sampleCart.singleDada.map((l) => ({ ...l, selected: false })),
      mealData: sampleCart.mealData.map((g) => ({ ...g, lines: g.lines.map((l) => ({ ...l, selected: false })) })),
    };
    const { post } = renderCart({ post: { [routes.cartUpdateList.path]: () => Promise.resolve(sampleCart) } }, none);
    expect((screen.getByRole("button", { name: "去结算（0）" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getAllByRole("checkbox", { name: "全选" })[0]!);
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[0]).toBe(routes.cartUpdateList);
    expect(post.mock.calls[0]?.[1]).toEqual({
      items: [
        { id: 1, selected: true },
        { id: 3, selected: true },
      ],
    });
    await screen.findByRole("button", { name: "去结算（2）" });
  });

  it("unselects the package group on its own", async () => {
    const { post } = renderCart({ post: { [routes.cartUpdate.path]: () => Promise.resolve(sampleCart) } });
    fireEvent.click(screen.getByRole("checkbox", { name: "选择套餐：现代简约全屋套餐" }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]?.[1]).toEqual({ id: 3, selected: false });
  });

  it("removes a line only after confirmation", async () => {
    const left = cartOf({ singleDada: [sampleCart.singleDada[0]!], cartNum: 1, realPrice: 299_900 });
    const { post, store } = renderCart({ post: { [routes.cartDelete.path]: () => Promise.resolve(left) } });
    fireEvent.click(within(lineNamed("实木餐桌")).getByRole("button", { name: "删除：实木餐桌" }));
    const dialog = screen.getByRole("dialog", { name: "删除商品" });
    fireEvent.click(within(dialog).getByRole("button", { name: "取消" }));
    expect(post).not.toHaveBeenCalled();

    fireEvent.click(within(lineNamed("实木餐桌")).getByRole("button", { name: "删除：实木餐桌" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "删除" }));
    await waitFor(() => expect(store.getState().cartNum).toBe(1));
    expect(post.mock.calls[0]?.[1]).toEqual({ ids: [2] });
    expect(screen.queryByText("实木餐桌")).toBeNull();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("goes to /submitOrder with the selection", () => {
    renderCart();
    fireEvent.click(screen.getByRole("button", { name: "去结算（2）" }));
    expect(where()).toBe("/submitOrder");
  });

  it("leads back to shopping when empty", () => {
    renderCart({}, cartOf());
    expect(screen.getByText("购物车还是空的")).toBeTruthy();
    expect(screen.getByRole("link", { name: "去逛逛" }).getAttribute("href")).toBe("/productList");
  });

  it("marks an off-sale line and a line above its stock", () => {
    renderCart(
      {},
      cartOf({
        singleDada: [
          cartLine({ id: 7, name: "停售台灯", available: false, stock: 5 }),
          cartLine({ id: 8, name: "吊灯", quantity: 6, stock: 4 }),
        ],
        cartNum: 7,
      }),
    );
    expect(within(lineNamed("停售台灯")).getByText("已下架")).toBeTruthy();
    expect(within(lineNamed("吊灯")).getByText("库存仅剩 4 件")).toBeTruthy();
  });

  it("holds checkout back while a selected line is over its stock, and sets it to the stock in one click", async () => {
    const over = cartOf({
      singleDada: [cartLine({ id: 8, name: "吊灯", quantity: 34, stock: 28 }), cartLine({ id: 9, name: "台灯" })],
      cartNum: 35,
    });
    const fixed = cartOf({
      singleDada: [cartLine({ id: 8, name: "吊灯", quantity: 28, stock: 28 }), cartLine({ id: 9, name: "台灯" })],
      cartNum: 29,
    });
    const { post, store } = renderCart({ post: { [routes.cartUpdate.path]: () => Promise.resolve(fixed) } }, over);
    const checkout = screen.getByRole("button", { name: "去结算（2）" }) as HTMLButtonElement;
    expect(checkout.disabled).toBe(true);
    expect(screen.getByText("1 种商品超出库存，请先修改数量")).toBeTruthy();
    fireEvent.click(checkout);
    expect(where()).toBe("/shoppingCart");

    fireEvent.click(within(lineNamed("吊灯")).getByRole("button", { name: "将吊灯改为 28 件" }));
    await waitFor(() => expect(store.getState().cartNum).toBe(29));
    expect(post.mock.calls[0]?.[1]).toEqual({ id: 8, quantity: 28 });
    expect(screen.queryByText(/超出库存/)).toBeNull();
    expect(screen.queryByRole("button", { name: /改为/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "去结算（2）" }));
    expect(where()).toBe("/submitOrder");
  });

  it("sends a visitor to login and back", async () => {
    renderApp(
      <>
        <CartScreen />
        <Where />
      </>,
      { path: "/shoppingCart" },
    );
    await waitFor(() => expect(where()).toBe("/login?redirect=%2FshoppingCart"));
  });
});
