// The back office forms' text and picture fields, one definition for every admin schema: trimmed,
// bounded, free of NUL characters, each with a Chinese message naming the field.
import { z } from "zod";
import { linkTarget } from "./site-links.js";
import { text } from "./text.js";

/** A row's id in a back-office query or body: a positive 32-bit integer. */
export const AdminId = z.coerce
  .number({ message: "编号无效" })
  .int("编号无效")
  .positive("编号无效")
  .max(2_147_483_647, "编号无效");

/** A text field; `required` refuses an empty one. */
export const AdminText = (label: string, max: number, { required }: { required: boolean }) =>
  text(label, `请输入${label}`)
    .trim()
    .min(required ? 1 : 0, `请输入${label}`)
    .max(max, `${label}最多 ${max} 个字`);

/** A picture a form links: a path on this site (/media/…) or an http(s) address. */
export const ImageAddress = (label: string) =>
  text(label, `请填写${label}`)
    .trim()
    .min(1, `请填写${label}`)
    .max(500, `${label}地址过长`)
    .refine((v) => linkTarget(v, { web: true }) !== null, `${label}须为本站图片路径或 http(s) 地址`);
