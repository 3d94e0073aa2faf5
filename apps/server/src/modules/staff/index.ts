// The staff module's public API for other modules (docs/decisions/0040): who is asking on an admin
// route, the login and sessions the back office's gate uses, and the names behind the staff ids
// that other tables keep.
export { requireStaff, staffActor } from "./staff-request.js";
export {
  activeStaff,
  actorOf,
  allActiveStaff,
  forbidden,
  meOf,
  type StaffService,
  staffContacts,
  staffNames,
} from "./staff-service.js";
export { removeDeadStaffSessions, STAFF_SESSION_ABSOLUTE_MS, type StaffSessionStore } from "./staff-sessions.js";
