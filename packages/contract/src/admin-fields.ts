// The back office forms' text and picture fields, one definition for every admin schema: trimmed,
// bounded, free of NUL characters, each with a Chinese message naming the field.
import { z } from "zod";

const noNul = (s: string) => !s.includes("\u0000");

/** A text field; `required` refuses an empty one. */
export const AdminText = (label: string, max: number, { required }: { required: boolean }) =>
  z
    .string({ message: `请输入${label}` })
    .trim()
    .min(required ? 1 : 0, `请输入${label}`)
    .max(max, `${label}最多 ${max} 个字`)
    .refine(noNul, `${label}包含无效字符`);

/** A picture a form links: a path on this site (/media/…) or an http(s) address. */
export const ImageAddress = (label: string) =>
  z
    .string({ message: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(500, `${label}地址过长`)
    .refine(noNul, `${label}包含无效字符`)
    .refine((v) => /^(\/(?!\/)|https?:\/\/)\S+$/.test(v), `${label}须为本站图片路径或 http(s) 地址`);
