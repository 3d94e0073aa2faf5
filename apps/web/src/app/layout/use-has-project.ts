// 我的装修 is in the user menu only for a customer who has a renovation project (issue #24 §5): the
// owner's project list answers it (GET /api/my-project, the list screen's own query, so it is one
// request for both), quietly — a failure leaves the link out rather than toasting on every page.
import { useQuery } from "@tanstack/react-query";
import { routes } from "@yj/contract";
import { useApi } from "../../lib/api-context";
import { apiQuery } from "../../lib/queries";

const FIVE_MINUTES_MS = 5 * 60_000;

export function useHasProject(loggedIn: boolean): boolean {
  const api = useApi();
  const { data } = useQuery({
    ...apiQuery(api, routes.myProjects, {}),
    enabled: loggedIn,
    staleTime: FIVE_MINUTES_MS,
    meta: { quiet: true },
  });
  return loggedIn && (data?.length ?? 0) > 0;
}
