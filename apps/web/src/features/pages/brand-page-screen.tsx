// /about, /stream, /integrate and /2-22 (docs/product.md §2): a brand or service page whose copy the
// company keeps in the database (GET /api/site/pages), rendered on the server and readable without JavaScript.
import { useQuery } from "@tanstack/react-query";
import type { LoaderFunctionArgs } from "react-router";
import { useApi } from "../../lib/api-context";
import type { RouteContext, RouteMeta } from "../../lib/route-context";
import { useScreenLocation } from "../../lib/screen-location";
import { PageFrame } from "./page-frame";
import { orNotFound, sitePageQuery, slugOfPath } from "./site-page-query";

export async function loader({ request }: LoaderFunctionArgs, ctx: RouteContext): Promise<RouteMeta> {
  const slug = slugOfPath(new URL(request.url).pathname);
  const page = await orNotFound(ctx.queryClient.ensureQueryData(sitePageQuery(ctx.api, slug)));
  return { title: page.title, description: page.description };
}

export default function BrandPageScreen() {
  const api = useApi();
  const slug = slugOfPath(useScreenLocation().pathname);
  const { data: page } = useQuery(sitePageQuery(api, slug));
  if (!page) return null; // the loader has fetched it (or answered 404)
  return <PageFrame page={page} />;
}
