// Phone numbers never reach the logs in full (R14, DEVELOPERS.md): 13800000000 → 138****0000.
const PHONE_IN_TEXT = /(?<!\d)(1[3-9]\d)\d{4}(\d{4})(?!\d)/g;

export function maskPhone(phone: string): string {
  return phone.replace(PHONE_IN_TEXT, "$1****$2");
}

/** Tokens must never be logged: a stray ?token= (the spec's legacy client) is blanked. */
const TOKEN_IN_URL = /([?&](?:token|csrf|session_data)=)[^&#]*/gi;

export function sanitizeUrl(url: string): string {
  return maskPhone(url.replace(TOKEN_IN_URL, "$1[redacted]"));
}
