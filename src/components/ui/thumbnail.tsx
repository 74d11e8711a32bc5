// A picture in a 4:3 frame that is grey until (or unless) the picture comes: the cards of
// results and saved hotels, the home page's saved hotels and popular destinations.
export function Thumbnail({
  src,
  width,
  height,
  className = '',
  first = false,
}: {
  src: string | null;
  width: number;
  height: number;
  /** The frame's size, corners and place in its parent. */
  className?: string;
  /** The page's largest paint: asked for with the page instead of when near the screen. */
  first?: boolean;
}) {
  return (
    <span className={`block aspect-[4/3] overflow-hidden bg-slate-200 ${className}`}>
      {src && (
        <img
          src={src}
          alt=""
          width={width}
          height={height}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          decoding="async"
          className="size-full object-cover"
        />
      )}
    </span>
  );
}
