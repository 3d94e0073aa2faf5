// Imported first by the browser entries (storefront and back office), before anything loads zod.
//
// When zod makes an object schema it asks, once, whether it may compile a faster parser with
// `new Function`, by trying `Function("")`. Under the shop's Content-Security-Policy (no
// 'unsafe-eval') the try is refused and reported as a violation on every page whose bundle holds a
// schema (the login page, the back office). zod reads its settings from this global when it loads;
// `jitless` skips the try and parses without compiling. The server has no CSP and keeps the compiler.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
