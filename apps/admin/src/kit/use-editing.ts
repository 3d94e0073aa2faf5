// Which row a list's create/edit dialog shows, and what closing and saving it do: a save closes the
// dialog and loads the list again.
import { useState } from "react";
import type { Editing } from "./save-modal";

/** What a row's dialog component takes (spread `dialog` into it). */
export interface EditDialogProps<T> {
  editing: Editing<T>;
  onClose(): void;
  onSaved(): void;
}

export function useEditing<T>(afterSave: () => void) {
  const [editing, edit] = useState<Editing<T>>(null);
  const dialog: EditDialogProps<T> = {
    editing,
    onClose: () => edit(null),
    onSaved: () => {
      edit(null);
      afterSave();
    },
  };
  return { editing, edit, dialog };
}

/** The existing row a dialog edits: null while it shows nothing or a new row. */
export function editedRow<T>(editing: Editing<T>): T | null {
  return editing && editing !== "new" ? editing : null;
}
