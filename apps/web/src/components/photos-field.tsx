// The optional photos of a form (an after-sales request, an objection to a stage): the ones uploaded so
// far as thumbnails with 删除, a file input while there is room, and how many are still uploading.
// The form uploads them; this draws them.
import { controlProps, type FieldClasses, LabelledField } from "./labelled-field";

export interface UploadedPhoto {
  url: string;
  thumbnail: string;
}

export function PhotosField({
  id,
  max,
  photos,
  uploading,
  error,
  photoName,
  classes,
  onAdd,
  onRemove,
}: {
  /** The file input's id; the message's is `${id}error`. */
  id: string;
  max: number;
  photos: readonly UploadedPhoto[];
  /** How many are on their way. */
  uploading: number;
  error?: string;
  /** What a thumbnail is called, before its number (照片 1). */
  photoName: string;
  /** The form's field look (see LabelledField), with `photoList`, `textButton` and `muted`. */
  classes: FieldClasses;
  onAdd(files: FileList | null): void;
  onRemove(photo: UploadedPhoto): void;
}) {
  return (
    <LabelledField id={id} label={`照片（选填，最多 ${max} 张）`} error={error} classes={classes}>
      {photos.length > 0 && (
        <ul className={classes.photoList}>
          {photos.map((p, n) => (
            <li key={p.url}>
              <img src={p.thumbnail} alt={`${photoName} ${n + 1}`} width={64} height={64} />
              <button type="button" className={classes.textButton} onClick={() => onRemove(p)}>
                删除<span className="visually-hidden">{`${photoName} ${n + 1}`}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        {...controlProps(id, error)}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        multiple
        disabled={photos.length + uploading >= max}
        onChange={(e) => {
          onAdd(e.target.files);
          e.target.value = "";
        }}
      />
      {uploading > 0 && (
        <p className={classes.muted} role="status">
          正在上传 {uploading} 张照片…
        </p>
      )}
    </LabelledField>
  );
}
