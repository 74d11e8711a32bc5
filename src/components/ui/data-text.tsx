// The hotel API's own text (an address, a place, a destination's label) in the page. That
// text is in its own script, whatever the page's language: laid out right to left in the
// Arabic page, a Latin address lost its beginning when cut ("…iberdade, 33, Baixa,
// Lisbon") and one starting with its number read "Boulevard Foch, Paris 82". Its direction
// comes from its own letters, and it is still aligned to the page's side, not its own.
import type { ReactNode } from 'react';
import { isRightToLeft, useT } from '../../lib/i18n.ts';

export function DataText({
  as: Tag = 'p',
  oneLine = false,
  className = '',
  children,
}: {
  /** A span inside phrasing content (an option, a link), a paragraph elsewhere. */
  as?: 'p' | 'span';
  /** One line, cut with an ellipsis at the text's end when it does not fit. */
  oneLine?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { language } = useT();
  const side = isRightToLeft(language) ? 'text-right' : 'text-left';
  return (
    <Tag dir="auto" className={`${oneLine ? 'block truncate' : ''} ${side} ${className}`}>
      {children}
    </Tag>
  );
}
