// The app's buttons: primary (the one action a page is for), secondary (an outlined
// alternative), quiet (a text-like action), and the looks that sit on notices (neutral,
// danger, warning). Links that act as buttons
// (a react-router Link to the next step) take the same classes through buttonClass.
import type { ComponentPropsWithRef } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'neutral' | 'danger' | 'warning';
export type ButtonSize = 'sm' | 'md' | 'lg';

const BASE =
  'rounded-lg text-center font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed';

const VARIANTS: Record<ButtonVariant, string> = {
  // White on blue-700 is 6.7:1; the disabled grey keeps 4.5:1 with white text.
  primary: 'bg-blue-700 text-white hover:bg-blue-800 disabled:bg-slate-500',
  secondary: 'border border-blue-700 text-blue-800 hover:bg-blue-50 disabled:opacity-60',
  quiet: 'text-blue-800 underline-offset-2 hover:underline disabled:opacity-60',
  // On a coloured notice: a way out that does not compete with the notice's own action.
  neutral: 'border border-slate-400 text-slate-900 hover:bg-slate-100 disabled:opacity-60',
  // The one action of an error (retry) or of a destructive choice (cancel a booking).
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:opacity-60',
  // The one action of a warning (refresh prices that may be stale).
  warning: 'bg-amber-800 text-white hover:bg-amber-900 disabled:opacity-60',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'px-3 py-1.5 text-sm',
  md: 'px-4 py-2',
  lg: 'px-5 py-2.5 text-lg',
};

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** The classes of a button's look, plus `extra` (layout: width, margins, grid placement). */
export function buttonClass({ variant = 'primary', size = 'md' }: ButtonLook = {}, extra = '') {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]}${extra ? ` ${extra}` : ''}`;
}

export function Button({
  variant,
  size,
  className = '',
  type = 'button',
  ...props
}: ButtonLook & ComponentPropsWithRef<'button'>) {
  return <button type={type} className={buttonClass({ variant, size }, className)} {...props} />;
}
