// Links and pictures whose address the back office stored (banners, brand-page blocks, articles). A value
// saved before the contract parsed addresses (docs/decisions/0047) may look like a path yet lead off the
// site ("/\evil.example" is //evil.example to a browser): each is checked again here, and one that is
// not a path on this site (or, where allowed, an http(s) address) is drawn without its link or picture.
import { linkTarget, sameSitePath } from "@yj/contract";
import type { ReactNode } from "react";
import { AppLink } from "./app-link";

interface StoredLinkProps {
  /** The stored address. */
  to: string;
  /** Whether an http(s) address on another site is allowed (banners); else only paths on this site. */
  web?: boolean;
  className?: string;
  children: ReactNode;
  "aria-hidden"?: boolean;
  tabIndex?: number;
}

/** A router link for a path on this site, a plain link for an allowed web address, else just the content. */
export function StoredLink({ to, web = false, children, ...rest }: StoredLinkProps) {
  const path = sameSitePath(to);
  if (path) {
    return (
      <AppLink to={path} {...rest}>
        {children}
      </AppLink>
    );
  }
  const address = web ? linkTarget(to, { web: true }) : null;
  if (address) {
    return (
      <a href={address} rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  return (
    <span className={rest.className} aria-hidden={rest["aria-hidden"]}>
      {children}
    </span>
  );
}

/** A stored picture's address when it is one this site may show (its own path or an http(s) address). */
export function storedImageSrc(src: string): string | undefined {
  return linkTarget(src, { web: true }) ?? undefined;
}
