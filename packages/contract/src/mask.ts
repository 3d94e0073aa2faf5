// Phone numbers are shown and logged masked (R14): 13800000000 → 138****0000. One rule
// for the server's logs and the web's header, and it masks every mainland number inside a longer text.
const PHONE_IN_TEXT = /(?<!\d)(1[3-9]\d)\d{4}(\d{4})(?!\d)/g;

export function maskPhone(phone: string): string {
  return phone.replace(PHONE_IN_TEXT, "$1****$2");
}
