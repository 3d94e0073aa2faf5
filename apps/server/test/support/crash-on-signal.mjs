// Preloaded into a server process by process-errors.test.ts: SIGUSR2 makes the process fail the
// way a bug would, with a phone number in the error (CRASH=rejection or CRASH=exception).
process.on("SIGUSR2", () => {
  const error = new Error("lost the order of 13812345678");
  if (process.env.CRASH === "exception") {
    setImmediate(() => {
      throw error;
    });
  } else {
    void Promise.reject(error);
  }
});
