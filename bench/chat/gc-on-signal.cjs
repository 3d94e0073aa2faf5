// Preloaded by bench/chat/run.ts into the server it measures (node --expose-gc --require): a full
// garbage collection on SIGUSR2, so the bench reads the heap and RSS without garbage a later
// collection would free. Never loaded in production.
process.on("SIGUSR2", () => {
  if (typeof globalThis.gc === "function") globalThis.gc();
});
