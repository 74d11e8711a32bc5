// The app's buttons, in three looks: primary (the one action a page is for), secondary
// (an outlined alternative) and quiet (a text-like action). Links that act as buttons
// (a react-router Link to the next step) take the same classes through buttonClass.
import type { ComponentPropsWithoutRef } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet';
export type ButtonSize = 'sm' | 'md' | 'lg';

const BASE =
  'rounded-lg text-center font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed';

const VARIANTS: Record<ButtonVariant, string> = {
  // White on blue-700 is 6.7:1; the disabled grey keeps 4.5:1 with white text.
  primary: 'bg-blue-700 text-white hover:bg-blue-800 disabled:bg-slate-500',
  secondary: 'border border-blue-700 text-blue-800 hover:bg-blue-50 disabled:opacity-60',
  quiet: 'text-blue-800 underline-offset-2 hover:underline disabled:opacity-60',
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
}: ButtonLook & ComponentPropsWithoutRef<'button'>) {
  return <button type={type} className={buttonClass({ variant, size }, className)} {...props} />;
}
