// China's administrative regions for the address pickers, one level at a time.
import { notFound } from "../../lib/errors.js";
import { getRegionChildren, ROOT_REGION_CODE } from "./region-table.js";

/** The regions directly under `code` (the provinces when none) as {code: name}. */
export function childRegions(code: string = ROOT_REGION_CODE): Record<string, string> {
  const children = getRegionChildren(code);
  if (!children) throw notFound("该地区没有下级区划");
  return children;
}
