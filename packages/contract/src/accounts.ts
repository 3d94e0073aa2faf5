// Accounts: SMS login, sessions and favourites (docs/product.md §4, §6, §7; R1–R6).
import { z } from "zod";
import { GoodsListItem } from "./catalog.js";
import { idParam } from "./common.js";
import { FavoriteKind, Messages, PHONE_PATTERN } from "./constants.js";
import { ArticleListItem } from "./content.js";
import { text } from "./text.js";

export const phoneField = text("手机号", Messages.invalidPhone)
  .trim()
  .regex(PHONE_PATTERN, { error: Messages.invalidPhone });

export const VerificationCodeQuery = z.object({
  phone: phoneField,
  /** The product rules' client sends a timestamp to defeat caches; it carries no meaning. */
  timestamp: text("timestamp").max(20).optional(),
  /**
   * The solved human check, when the server asked for one (errorCode 1428, docs/decisions/0046):
   * ALTCHA's payload, base64 of JSON `{ challenge, solution }`. Optional: a send with low risk needs
   * none, and one sent without need is ignored.
   */
  altcha: text("人机验证", Messages.humanCheckFailed)
    .max(4096, { error: Messages.humanCheckFailed })
    .regex(/^[A-Za-z0-9+/=_-]*$/, { error: Messages.humanCheckFailed })
    .optional(),
});

/**
 * An ALTCHA (v2) proof-of-work challenge, signed by the server: find the counter whose derived key
 * starts with `keyPrefix` (altcha-lib's solveChallenge does it in the browser).
 */
export const HumanCheckChallenge = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string(),
});
export type HumanCheckChallenge = z.infer<typeof HumanCheckChallenge>;

/** The data of a send refused with errorCode 1428 (CHALLENGE_REQUIRED): the check to solve. */
export const HumanCheckRequired = z.object({ challenge: HumanCheckChallenge });
export type HumanCheckRequired = z.infer<typeof HumanCheckRequired>;

export const RegisterBody = z.object({
  mobile: phoneField,
  code: text("验证码", "请输入验证码")
    .trim()
    .regex(/^\d{6}$/, { error: "请输入6位数字验证码" }),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

/**
 * docs/product.md §3: token and mobile. csrf is the value to echo in x-csrf-token (R6); browsers also get it
 * in the readable `csrf` cookie, and the token in the HttpOnly `token` cookie.
 */
export const RegisterData = z.object({ token: z.string(), mobile: z.string(), csrf: z.string() });
export type RegisterData = z.infer<typeof RegisterData>;

/** The logged-in customer as the browser may see it (mobile masked: 138****0000). */
export const CurrentCustomer = z.object({ mobile: z.string(), maskedMobile: z.string() });
export type CurrentCustomer = z.infer<typeof CurrentCustomer>;

export const FavoriteQuery = z.object({
  id: idParam(),
  type: z.enum([FavoriteKind.GOODS, FavoriteKind.ARTICLE], { error: "type 只能为 1（商品）或 2（攻略/案例）" }),
});
export type FavoriteQuery = z.input<typeof FavoriteQuery>;

/** my_mark_list (docs/product.md §3): goods, articles (guides) and examples (cases). */
export const FavoritesData = z.object({
  goods: z.array(GoodsListItem),
  article: z.array(ArticleListItem),
  example: z.array(ArticleListItem),
});
export type FavoritesData = z.infer<typeof FavoritesData>;
