/**
 * A page's largest picture, preloaded at high priority from the head (docs/decisions/0060). Lives in
 * lib/ because the route meta (lib/route-context.ts) and the head (app/head-tags.ts) name it, and the
 * picture component (components/picture.tsx) makes it.
 */
export interface ImagePreload {
  href: string;
  srcSet?: string;
  sizes?: string;
  /** A browser that does not take this type skips the preload and lets the <picture> choose. */
  type?: string;
}
