// The filings and licence a Chinese web shop shows (issue #26, docs/decisions/0077): the ICP number
// (linked to the MIIT's site), the public-security filing (公安备案, linked to the MPS filing site by
// its digits) and the business licence's unified social credit code (GB 32100-2015). No zod here:
// the storefront's footer imports the links.

/** Where the ICP number links (the MIIT's filing search). */
export const ICP_FILING_URL = "https://beian.miit.gov.cn/";

/** A public-security filing as it is shown: "浙公网安备 33010602000000号" (a province, then 14 digits). */
export const POLICE_FILING_PATTERN = /^[\u4e00-\u9fa5]公网安备\s?\d{14}号$/;

/** The filing's 14 digits, or null when the text is not a filing number. */
export function policeFilingCode(filing: string): string | null {
  if (!POLICE_FILING_PATTERN.test(filing.trim())) return null;
  return filing.replace(/\D/g, "");
}

/** The MPS filing site's page of one filing. */
export function policeFilingUrl(filing: string): string | null {
  const code = policeFilingCode(filing);
  return code ? `https://beian.mps.gov.cn/#/query/webSearch?code=${code}` : null;
}

/** GB 32100-2015's alphabet: digits and 21 capitals (no I, O, S, V, Z). */
const CREDIT_CODE_ALPHABET = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character of a credit code's first 17 characters (modulus 31), or null for a bad character. */
export function creditCodeCheck(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const value = CREDIT_CODE_ALPHABET.indexOf(first17[i] ?? "");
    if (value < 0) return null;
    sum += value * (CREDIT_CODE_WEIGHTS[i] ?? 0);
  }
  return CREDIT_CODE_ALPHABET[(31 - (sum % 31)) % 31] ?? null;
}

/** Why a unified social credit code is wrong, or null when it is right (18 characters, check digit). */
export function creditCodeProblem(code: string): string | null {
  if (code.length !== 18) return "统一社会信用代码应为 18 位";
  if (![...code].every((c) => CREDIT_CODE_ALPHABET.includes(c)))
    return "统一社会信用代码只能包含数字和大写字母（不含 I、O、S、V、Z）";
  if (creditCodeCheck(code.slice(0, 17)) !== code[17]) return "统一社会信用代码校验位不正确，请核对";
  return null;
}

/** The storefront path of the business licence page. */
export const BUSINESS_LICENCE_PATH = "/business-licence";
