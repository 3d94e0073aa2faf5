// What must never reach the logs in full: tokens, and phone numbers (the contract's maskPhone).
import { maskPhone } from "@yj/contract";

/** Tokens must never be logged: a stray ?token= (the product rules' legacy client) is blanked. */
const TOKEN_IN_URL = /([?&](?:token|csrf|session_data)=)[^&#]*/gi;

export function sanitizeUrl(url: string): string {
  return maskPhone(url.replace(TOKEN_IN_URL, "$1[redacted]"));
}
