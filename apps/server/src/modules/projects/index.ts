// The projects module's public API for other modules (docs/decisions/0040): the payment core asks
// what an instalment is due and marks it paid (or refunded, docs/decisions/0079), in its own transaction.
export {
  type InstalmentDue,
  instalmentDue,
  instalmentIdsOf,
  markInstalmentPaid,
  markInstalmentRefunded,
  ownsProject,
} from "./instalments.js";
