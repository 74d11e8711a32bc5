// The hotel's photos: one large picture with previous/next buttons and a row of
// thumbnails, all plain buttons (Tab, Enter, Space), plus the arrow keys anywhere in
// the gallery — mirrored for right-to-left languages, where "next" is on the left.
import { useId, useState, type KeyboardEvent } from 'react';
import type { HotelContent } from '../../contract/index.ts';
import { isRightToLeft, useT } from '../../lib/i18n.ts';

/** The previous or next photo's button, over the picture at one side. */
function StepButton({
  side,
  label,
  onClick,
  onKeyDown,
  children,
}: {
  side: 'start-2' | 'end-2';
  label: string;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  /** The arrow, turned round in right-to-left languages. */
  children: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      onKeyDown={onKeyDown}
      className={`absolute ${side} top-1/2 grid size-10 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-xl text-slate-900 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700`}
      aria-label={label}
    >
      <span aria-hidden="true" className="rtl:rotate-180">
        {children}
      </span>
    </button>
  );
}

export function HotelGallery({
  images,
  hotelName,
}: {
  images: HotelContent['images'];
  hotelName: string;
}) {
  const { t, language } = useT();
  const [index, setIndex] = useState(0);
  const labelId = useId();
  if (images.length === 0) return null;
  const count = images.length;
  const current = images[Math.min(index, count - 1)] ?? images[0];
  if (!current) return null;
  const caption = (position: number) =>
    images[position]?.caption ?? t('hotel.page.photo', { number: position + 1 });
  const show = (next: number) => setIndex((next + count) % count);

  /** Arrow keys on any of the gallery's buttons: the previous or next photo. */
  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const forward = (event.key === 'ArrowRight') !== isRightToLeft(language);
    event.preventDefault();
    show(index + (forward ? 1 : -1));
  }

  return (
    <section
      aria-roledescription={t('hotel.page.gallery.role')}
      aria-labelledby={labelId}
      className="space-y-2"
    >
      <h2 id={labelId} className="sr-only">
        {t('hotel.page.gallery.title', { name: hotelName })}
      </h2>
      <figure className="relative overflow-hidden rounded-xl bg-slate-200">
        <img
          src={current.url}
          alt={caption(index)}
          width={1200}
          height={800}
          fetchPriority={index === 0 ? 'high' : 'auto'}
          decoding="async"
          className="aspect-[3/2] max-h-[28rem] w-full object-cover"
        />
        {count > 1 && (
          <>
            <StepButton
              side="start-2"
              label={t('hotel.page.gallery.previous')}
              onClick={() => show(index - 1)}
              onKeyDown={onKeyDown}
            >
              ‹
            </StepButton>
            <StepButton
              side="end-2"
              label={t('hotel.page.gallery.next')}
              onClick={() => show(index + 1)}
              onKeyDown={onKeyDown}
            >
              ›
            </StepButton>
          </>
        )}
        <figcaption
          aria-live="polite"
          className="absolute bottom-0 start-0 end-0 bg-slate-900/70 px-3 py-1.5 text-sm text-white"
        >
          {t('hotel.page.gallery.position', { number: index + 1, count, caption: caption(index) })}
        </figcaption>
      </figure>
      {count > 1 && (
        <ul
          className="flex gap-2 overflow-x-auto pb-1"
          aria-label={t('hotel.page.gallery.thumbnails')}
        >
          {images.map((image, position) => (
            <li key={image.url} className="shrink-0">
              <button
                type="button"
                onClick={() => show(position)}
                onKeyDown={onKeyDown}
                aria-current={position === index ? 'true' : undefined}
                aria-label={t('hotel.page.gallery.show', {
                  number: position + 1,
                  caption: caption(position),
                })}
                className={`block overflow-hidden rounded-md border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${
                  position === index
                    ? 'border-blue-700'
                    : 'border-transparent opacity-80 hover:opacity-100'
                }`}
              >
                <img
                  src={image.url}
                  alt=""
                  width={96}
                  height={64}
                  loading="lazy"
                  decoding="async"
                  className="block h-16 w-24 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The gallery's size before its images are known: the main picture and the thumbnail row. */
export function GalleryPlaceholder() {
  return (
    <div aria-hidden="true" className="space-y-2">
      <div className="aspect-[3/2] max-h-[28rem] w-full rounded-xl bg-slate-200" />
      <div className="h-[4.5rem]" />
    </div>
  );
}
