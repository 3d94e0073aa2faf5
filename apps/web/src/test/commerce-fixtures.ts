// Answers shaped as the contract says, for the commerce screens' tests.
import type { CartData, CartLine, Order } from "@yj/contract";

export function cartLine(patch: Partial<CartLine> & Pick<CartLine, "id">): CartLine {
  return {
    goodsId: 10 + patch.id,
    skuId: 100 + patch.id,
    name: `商品 ${patch.id}`,
    spec: "标准款",
    cover: "/media/cover.jpg",
    unit: "件",
    price: 129_900,
    addedPrice: 129_900,
    quantity: 1,
    selected: true,
    stock: 10,
    available: true,
    madeToOrder: false,
    ...patch,
  };
}

export function cartOf(patch: Partial<CartData> = {}): CartData {
  return { singleDada: [], mealData: [], cartNum: 0, realPrice: 0, ...patch };
}

/** Two single goods (one sold out, one whose price fell) and one package group. */
export const sampleCart: CartData = cartOf({
  singleDada: [
    cartLine({ id: 1, name: "布艺沙发", price: 299_900, addedPrice: 329_900, quantity: 1 }),
    cartLine({ id: 2, name: "实木餐桌", stock: 0, available: false, selected: false }),
  ],
  mealData: [
    {
      isMeal: 50,
      name: "现代简约全屋套餐",
      cover: "/media/pkg.jpg",
      lines: [
        cartLine({
          id: 3,
          goodsId: 50,
          name: "现代简约全屋套餐",
          spec: "标准版",
          price: 5_990_000,
          addedPrice: 5_990_000,
        }),
      ],
      includes: [
        { name: "客厅主灯", quantity: 1, unit: "个", room: "客厅" },
        { name: "卧室衣柜", quantity: 2, unit: "组", room: "卧室" },
      ],
    },
  ],
  cartNum: 3,
  realPrice: 6_289_900,
});

export function orderOf(patch: Partial<Order> = {}): Order {
  return {
    orderNo: "YJ20261123000001",
    status: "pending_payment",
    totalAmount: 299_900,
    lines: [
      {
        goodsId: 11,
        skuId: 101,
        isMeal: null,
        name: "布艺沙发",
        spec: "三人位",
        cover: "/media/cover.jpg",
        unit: "件",
        price: 299_900,
        quantity: 1,
        amount: 299_900,
        madeToOrder: false,
      },
    ],
    address: {
      name: "张三",
      phone: "13800000000",
      province: "浙江省",
      city: "杭州市",
      district: "西湖区",
      town: "北山街道",
      regionCode: "330106002",
      detail: "文三路 1 号",
    },
    remark: "",
    createdAt: "2026-11-23T04:00:00.000Z",
    payBefore: new Date(Date.now() + 29 * 60_000).toISOString(),
    paidAt: null,
    shippedAt: null,
    carrier: null,
    trackingNo: null,
    completedAt: null,
    madeToOrderConfirmedAt: null,
    history: [],
    afterSales: [],
    ...patch,
  };
}
