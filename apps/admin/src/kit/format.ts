// How the console shows times and empty values.
import dayjs from "dayjs";

export function formatTime(iso: string): string {
  return dayjs(iso).format("YYYY-MM-DD HH:mm");
}

/** A value the visitor may leave out: "—" when it is empty. */
export const orDash = (value: string | null | undefined) => value || "—";
