// The leads module's public API for other modules (docs/decisions/0040): what they may ask of the
// leads tables, which only this module reads and writes.

export { forgetStaleLeads, retentionCutoff } from "./lead-retention.js";
export { hasRecentActivityLead, leadForProject, leadPhones, leadsOfPhones } from "./lead-store.js";
