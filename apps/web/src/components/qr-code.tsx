// A QR code as inline SVG (ADR 0026): the `qrcode` package computes the modules, one path draws them, so
// it scales crisply, needs no canvas and renders the same on the server and in the browser.
import { create } from "qrcode";
import { useMemo } from "react";

/** Quiet zone around the code, in modules (the QR standard asks for 4). */
const MARGIN = 4;

/** The path of the dark modules, one unit square each, offset by the quiet zone. */
export function qrPath(text: string): { size: number; path: string } {
  const { modules } = create(text, { errorCorrectionLevel: "M" });
  let path = "";
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) {
      if (modules.get(y, x)) path += `M${x + MARGIN} ${y + MARGIN}h1v1h-1z`;
    }
  }
  return { size: modules.size + MARGIN * 2, path };
}

export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const { size: modules, path } = useMemo(() => qrPath(text), [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      data-qr={text}
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
