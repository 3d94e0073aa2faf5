// R11: every GET endpoint of the back office, fed junk in each parameter, answers the envelope with a
// Chinese message and never a 5xx or a stack trace (the probes: robustness-probes.ts).
import { describeEachBackend, type TestContext } from "./helper.js";
import { probeGets, servedGets, useProbers } from "./robustness-probes.js";

describeEachBackend("R11 junk input: GETs of the back office", (ctx: TestContext) => {
  probeGets(ctx, useProbers(ctx), servedGets(true));
});
