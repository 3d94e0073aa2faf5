// A list's create/edit dialog (useEditing): titled for a new row or for the row it edits, it saves
// with the create call or the update call accordingly (docs/decisions/0042).
import type { ComponentProps } from "react";
import { SaveModal } from "./save-modal";
import { type EditDialogProps, editedRow } from "./use-editing";

type SaveModalProps<V extends object> = ComponentProps<typeof SaveModal<V>>;

export function EditRowModal<T, V extends object>({
  editing,
  onClose,
  onSaved,
  newTitle,
  editTitle,
  onCreate,
  onUpdate,
  ...modal
}: EditDialogProps<T> &
  Omit<SaveModalProps<V>, "open" | "title" | "onSave" | "onClose" | "onSaved"> & {
    newTitle: string;
    editTitle: string;
    onCreate(values: V): Promise<unknown>;
    onUpdate(row: T, values: V): Promise<unknown>;
  }) {
  const row = editedRow(editing);
  return (
    <SaveModal<V>
      {...modal}
      open={editing !== null}
      title={row ? editTitle : newTitle}
      onSave={(values) => (row ? onUpdate(row, values) : onCreate(values))}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
