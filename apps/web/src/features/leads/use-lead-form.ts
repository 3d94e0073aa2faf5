// One lead form's state (docs/product.md §5, R14): its values, the message under each field, and the
// submit that checks everything first and sends nothing while a message stands or a send is under way.
import { type FormEvent, useState } from "react";
import { useAppState } from "../../lib/store";
import { type Errors, hasErrors } from "./lead-rules";

export function useLeadForm<V extends object, K extends string>(
  initial: V | (() => V),
  validate: (values: V) => Errors<K>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<K>>({});
  /** A change clears the message of every field it touches. */
  const set = (patch: Partial<V>) => {
    setValues({ ...values, ...patch });
    setErrors({ ...errors, ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) });
  };
  /** The form's submit handler: `send` runs only with values that pass every check. */
  const submitWith = (send: (values: V) => void, pending: boolean) => (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found = validate(values);
    setErrors(found);
    if (!hasErrors(found)) send(values);
  };
  return { values, errors, set, submitWith };
}

/**
 * The visitor's chosen (or detected) city and its province, which every lead form sends so staff see where
 * the visitor is (docs/decisions/0052).
 */
export function useVisitorPlace(): { province: string; city: string } {
  const province = useAppState((s) => s.province);
  const city = useAppState((s) => s.cityName);
  return { province, city };
}
