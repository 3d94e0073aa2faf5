// #21 item 7: no input the contract accepts can make a total that is not an exact number (docs/decisions/0047).
import { describe, expect, it } from "vitest";
import { YuanAmount } from "./admin.js";
import { CartCreateBody, CreateOrderBody, CreateOrdersBody } from "./commerce.js";
import { MAX_PRICE_CENTS } from "./money.js";
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES, MAX_ORDER_TOTAL_CENTS } from "./order-bounds.js";

describe("money bounds", () => {
  it("the largest price the back office accepts is MAX_PRICE_CENTS; one cent more is refused", () => {
    expect(YuanAmount.parse("9999999.99")).toBe(MAX_PRICE_CENTS);
    expect(YuanAmount.safeParse("10000000").success).toBe(false);
    expect(YuanAmount.safeParse(10_000_000).success).toBe(false);
  });

  it("quantities and line counts are bounded where a request carries them", () => {
    const line = { goodsId: 1, skuId: 1 };
    expect(CartCreateBody.safeParse({ ...line, quantity: MAX_LINE_QUANTITY }).success).toBe(true);
    expect(CartCreateBody.safeParse({ ...line, quantity: MAX_LINE_QUANTITY + 1 }).success).toBe(false);
    expect(CreateOrderBody.shape.quantity.safeParse(MAX_LINE_QUANTITY + 1).success).toBe(false);
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(CreateOrdersBody.shape.cartIds.safeParse(ids(MAX_ORDER_LINES)).success).toBe(true);
    expect(CreateOrdersBody.shape.cartIds.safeParse(ids(MAX_ORDER_LINES + 1)).success).toBe(false);
  });

  it("the largest total those bounds allow is an exact JavaScript number, and the order cap is below it", () => {
    const largest = MAX_PRICE_CENTS * MAX_LINE_QUANTITY * MAX_ORDER_LINES;
    expect(largest).toBeLessThan(Number.MAX_SAFE_INTEGER);
    expect(MAX_ORDER_TOTAL_CENTS).toBeLessThan(largest);
    expect(MAX_ORDER_TOTAL_CENTS).toBeGreaterThan(2 ** 31);
  });
});
