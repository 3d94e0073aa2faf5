// A card's picture: its box sized up front so nothing shifts while it loads, loaded at once only for the
// cards of the first screen (eager) and lazily below it.
export function CardImage({
  src,
  alt,
  width,
  height,
  eager = false,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  eager?: boolean;
}) {
  return <img src={src} alt={alt} width={width} height={height} loading={eager ? "eager" : "lazy"} decoding="async" />;
}
