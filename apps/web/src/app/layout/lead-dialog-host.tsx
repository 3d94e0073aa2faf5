// Renders the lead dialog asked for through lib/lead-dialogs. Each dialog is its own chunk, loaded on
// first opening, so none of it weighs on the home page (P5).
import { lazy, Suspense } from "react";
import { closeLeadDialog, useLeadDialog } from "../../lib/lead-dialogs";

const BookingDialog = lazy(() => import("../../features/leads/booking-dialog"));
const EstimateDialog = lazy(() => import("../../features/leads/estimate-dialog"));

export function LeadDialogHost() {
  const request = useLeadDialog();
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      {request.kind === "booking" ? (
        <BookingDialog origin={request.origin} onClose={closeLeadDialog} />
      ) : (
        <EstimateDialog onClose={closeLeadDialog} />
      )}
    </Suspense>
  );
}
