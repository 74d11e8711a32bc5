// Guest details with react-hook-form and the contract's own field schemas (through
// zodResolver, which runs zod/mini schemas through their own parse). Errors are shown
// inline, tied to their field (aria-invalid, aria-describedby) and summed up in an
// alert; the first invalid field takes focus. Field errors from the server
// (`holder.email`, `guests[1].last_name`) land on the same fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, type ReactNode, type RefObject } from 'react';
import { useForm, type FieldError, type UseFormRegisterReturn } from 'react-hook-form';
import type { ErrorDetail } from '../../contract/index.ts';
import { Field, fieldInputClass } from '../../components/ui/field.tsx';
import { regionName } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { callingCodeOptions } from './calling-codes.ts';
import {
  GuestDetailsSchema,
  fieldMessage,
  formPathOfApiField,
  type GuestDetails,
  type GuestDetailsValues,
} from './guest-details.ts';

export interface GuestDetailsFormProps {
  defaultValues: GuestDetailsValues;
  roomLabels: string[];
  /** While an attempt may still book, what it sent cannot change. */
  locked: boolean;
  /** A refused attempt's field problems, to show on their fields. */
  serverDetails: ErrorDetail[] | null;
  onEdited: (values: GuestDetailsValues) => void;
  onValid: (details: GuestDetails) => void;
  /** The submit area (Book button, progress): rendered inside the form. */
  children: ReactNode;
  /** The form's heading, to move focus to when the form appears. */
  titleRef?: RefObject<HTMLHeadingElement | null>;
}

export function GuestDetailsForm({
  defaultValues,
  roomLabels,
  locked,
  serverDetails,
  onEdited,
  onValid,
  children,
  titleRef,
}: GuestDetailsFormProps) {
  const { t, language } = useT();
  const id = useId();
  const form = useForm<GuestDetailsValues, unknown, GuestDetails>({
    resolver: zodResolver(GuestDetailsSchema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  const { register, formState, setValue, getFieldState, setError, setFocus, watch, getValues } =
    form;
  const phoneOptions = useMemo(
    () => callingCodeOptions(language, (code) => regionName(code, language)),
    [language],
  );

  // Every change is kept in the draft (a reload keeps what was typed); room 1's lead
  // guest follows the holder's name until the shopper changes it.
  useEffect(() => {
    const subscription = watch((_, { name }) => {
      if (name === 'holder.first_name' || name === 'holder.last_name') {
        const part = name === 'holder.first_name' ? 'first_name' : 'last_name';
        if (!getFieldState(`guests.0.${part}`).isDirty) {
          setValue(`guests.0.${part}`, getValues(name));
        }
      }
      onEdited(getValues());
    });
    return () => subscription.unsubscribe();
  }, [watch, getFieldState, setValue, getValues, onEdited]);

  // The server's field problems, on the fields they name; focus goes to the first.
  useEffect(() => {
    if (!serverDetails) return;
    let first: string | null = null;
    for (const detail of serverDetails) {
      const path = formPathOfApiField(detail.field);
      if (!path) continue;
      setError(path, { type: 'server', message: detail.message });
      first ??= path;
    }
    if (first) setFocus(first as Parameters<typeof setFocus>[0]);
  }, [serverDetails, setError, setFocus]);

  const message = (error: FieldError | undefined) => {
    if (!error?.message) return undefined;
    const { id: messageId, values } = fieldMessage(error.message);
    return t(messageId, values);
  };
  const errors = formState.errors;
  const errorCount = countErrors(errors);
  const showSummary = formState.submitCount > 0 && errorCount > 0;
  const input =
    (
      registration: UseFormRegisterReturn,
      fieldId: string,
      error: FieldError | undefined,
      extra: Record<string, string> = {},
    ) =>
    (describedBy: string | undefined) => (
      <input
        id={fieldId}
        className={fieldInputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...extra}
        {...registration}
      />
    );

  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      className="space-y-6"
    >
      <h2
        ref={titleRef}
        id={`${id}-title`}
        tabIndex={-1}
        className="text-xl font-bold outline-none"
      >
        {t('checkout.details.title')}
      </h2>
      <div role="alert" aria-atomic="true">
        {showSummary && (
          <p className="rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-900">
            {t('checkout.details.errorSummary', { count: errorCount })}
          </p>
        )}
      </div>
      <fieldset disabled={locked} className="space-y-6">
        <fieldset className="space-y-4">
          <legend className="mb-2 text-lg font-bold">{t('checkout.holder.title')}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id={`${id}-holder-first`}
              label={t('checkout.field.firstName')}
              error={message(errors.holder?.first_name)}
            >
              {input(
                register('holder.first_name'),
                `${id}-holder-first`,
                errors.holder?.first_name,
                {
                  autoComplete: 'given-name',
                },
              )}
            </Field>
            <Field
              id={`${id}-holder-last`}
              label={t('checkout.field.lastName')}
              error={message(errors.holder?.last_name)}
            >
              {input(register('holder.last_name'), `${id}-holder-last`, errors.holder?.last_name, {
                autoComplete: 'family-name',
              })}
            </Field>
          </div>
          <Field
            id={`${id}-email`}
            label={t('checkout.field.email')}
            hint={t('checkout.field.emailHint')}
            error={message(errors.holder?.email)}
          >
            {input(register('holder.email'), `${id}-email`, errors.holder?.email, {
              type: 'email',
              autoComplete: 'email',
              inputMode: 'email',
            })}
          </Field>
          <div className="grid gap-4 sm:grid-cols-[minmax(0,14rem)_1fr]">
            <Field
              id={`${id}-phone-region`}
              label={t('checkout.field.phoneCountry')}
              error={message(errors.holder?.phone_region)}
            >
              {(describedBy) => (
                <select
                  id={`${id}-phone-region`}
                  className={fieldInputClass}
                  aria-invalid={errors.holder?.phone_region ? true : undefined}
                  aria-describedby={describedBy}
                  {...register('holder.phone_region')}
                >
                  {phoneOptions.map((option) => (
                    <option key={option.country} value={option.country}>
                      {option.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field
              id={`${id}-phone`}
              label={t('checkout.field.phone')}
              hint={t('checkout.field.phoneHint')}
              error={message(errors.holder?.phone_number)}
            >
              {input(register('holder.phone_number'), `${id}-phone`, errors.holder?.phone_number, {
                type: 'tel',
                autoComplete: 'tel-national',
                inputMode: 'tel',
              })}
            </Field>
          </div>
        </fieldset>

        {roomLabels.map((roomLabel, index) => (
          <fieldset key={index} className="space-y-3 rounded-lg border border-slate-200 p-4">
            <legend className="px-1 font-bold">
              {t('checkout.guest.title', { number: index + 1, room: roomLabel })}
            </legend>
            {index === 0 && (
              <p className="text-sm text-slate-700">{t('checkout.guest.prefilled')}</p>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                id={`${id}-guest-${index}-first`}
                label={t('checkout.guest.firstName', { number: index + 1 })}
                error={message(errors.guests?.[index]?.first_name)}
              >
                {input(
                  register(`guests.${index}.first_name`),
                  `${id}-guest-${index}-first`,
                  errors.guests?.[index]?.first_name,
                  { autoComplete: index === 0 ? 'given-name' : 'off' },
                )}
              </Field>
              <Field
                id={`${id}-guest-${index}-last`}
                label={t('checkout.guest.lastName', { number: index + 1 })}
                error={message(errors.guests?.[index]?.last_name)}
              >
                {input(
                  register(`guests.${index}.last_name`),
                  `${id}-guest-${index}-last`,
                  errors.guests?.[index]?.last_name,
                  { autoComplete: index === 0 ? 'family-name' : 'off' },
                )}
              </Field>
            </div>
          </fieldset>
        ))}

        <Field
          id={`${id}-requests`}
          label={t('checkout.field.requests')}
          hint={t('checkout.field.requestsHint')}
          error={message(errors.special_requests)}
        >
          {(describedBy) => (
            <textarea
              id={`${id}-requests`}
              rows={3}
              maxLength={500}
              className={fieldInputClass}
              aria-invalid={errors.special_requests ? true : undefined}
              aria-describedby={describedBy}
              {...register('special_requests')}
            />
          )}
        </Field>
      </fieldset>
      {children}
    </form>
  );
}

function countErrors(errors: object): number {
  let count = 0;
  for (const value of Object.values(errors) as unknown[]) {
    if (!value || typeof value !== 'object') continue;
    if ('message' in value && typeof (value as { message?: unknown }).message === 'string') {
      count += 1;
    } else {
      count += countErrors(value);
    }
  }
  return count;
}
