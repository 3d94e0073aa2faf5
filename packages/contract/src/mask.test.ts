import { describe, expect, it } from "vitest";
import { maskPhone } from "./mask.js";

describe("maskPhone", () => {
  it("masks a mainland number alone and inside text", () => {
    expect(maskPhone("13800000000")).toBe("138****0000");
    expect(maskPhone("GET /api/customers/getVerificationCode?phone=19912345678&t=1")).toBe(
      "GET /api/customers/getVerificationCode?phone=199****5678&t=1",
    );
  });
  it("leaves other digit runs alone", () => {
    expect(maskPhone("12345678901")).toBe("12345678901");
    expect(maskPhone("order 2026112209155012345")).toBe("order 2026112209155012345");
  });
});
