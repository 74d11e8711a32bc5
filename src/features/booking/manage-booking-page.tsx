// Manage booking: find a booking with its reference and the holder's last name and e-mail
// address (wrong details get the same answer as an unknown reference), see it, cancel it.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type * as z from 'zod/mini';
import { BookingLookupRequestSchema, type HeldBooking } from '../../contract/index.ts';
import { useT } from '../../lib/i18n.ts';
import {
  bookingQueries,
  cancelBooking,
  normalizeLookup,
  type BookingLookup,
} from './booking-queries.ts';
import { BookingReadFailure } from './booking-read-states.tsx';
import { FoundBooking } from './found-booking.tsx';
import { LoadingStatus } from '../../components/ui/loading-status.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { useFocusOnMount } from '../../components/ui/focus.ts';
import { Field, fieldInputClass } from '../../components/ui/field.tsx';

type LookupForm = z.input<typeof BookingLookupRequestSchema>;
type LookupValues = z.output<typeof BookingLookupRequestSchema>;

export function ManageBookingPage() {
  const { t } = useT();
  const id = useId();
  const [params] = useSearchParams();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const [lookup, setLookup] = useState<BookingLookup | null>(null);
  const form = useForm<LookupForm, unknown, LookupValues>({
    resolver: zodResolver(BookingLookupRequestSchema),
    defaultValues: { reference: params.get('ref') ?? '', last_name: '', email: '' },
  });
  const booking = useQuery({
    ...bookingQueries.lookup(lookup ?? { reference: '', lastName: '', email: '' }),
    enabled: lookup !== null,
  });

  const errors = form.formState.errors;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageTitle>{t('manage.documentTitle')}</PageTitle>
      <div className="space-y-2" data-print-hidden>
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none sm:text-3xl">
          {t('manage.title')}
        </h1>
        <p className="text-slate-700">{t('manage.intro')}</p>
      </div>
      <form
        noValidate
        aria-label={t('manage.form')}
        onSubmit={(event) =>
          void form.handleSubmit((values) =>
            setLookup(normalizeLookup(values.reference, values.last_name, values.email)),
          )(event)
        }
        className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:items-start"
      >
        <Field
          id={`${id}-ref`}
          label={t('manage.reference')}
          hint={t('manage.referenceHint')}
          error={errors.reference && t('manage.error.reference')}
        >
          {(describedBy) => (
            <input
              id={`${id}-ref`}
              className={`${fieldInputClass} font-mono uppercase`}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={errors.reference ? true : undefined}
              aria-describedby={describedBy}
              {...form.register('reference')}
            />
          )}
        </Field>
        <Field
          id={`${id}-last`}
          label={t('manage.lastName')}
          error={errors.last_name && t('checkout.error.required')}
        >
          {(describedBy) => (
            <input
              id={`${id}-last`}
              className={fieldInputClass}
              autoComplete="family-name"
              aria-invalid={errors.last_name ? true : undefined}
              aria-describedby={describedBy}
              {...form.register('last_name')}
            />
          )}
        </Field>
        <Field
          id={`${id}-email`}
          label={t('manage.email')}
          error={errors.email && t('checkout.error.email')}
        >
          {(describedBy) => (
            <input
              id={`${id}-email`}
              type="email"
              className={fieldInputClass}
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy}
              {...form.register('email')}
            />
          )}
        </Field>
        <button type="submit" className={buttonClass({}, 'sm:col-span-2 sm:justify-self-start')}>
          {t('manage.find')}
        </button>
      </form>

      {lookup && <LookupResult lookup={lookup} query={booking} />}
    </div>
  );
}

function LookupResult({
  lookup,
  query,
}: {
  lookup: BookingLookup;
  query: UseQueryResult<HeldBooking, unknown>;
}) {
  const { t } = useT();
  if (query.isPending) {
    return <LoadingStatus className="text-slate-700">{t('manage.searching')}</LoadingStatus>;
  }
  if (query.isError) {
    return <BookingReadFailure error={query.error} notFound="manage.error.notFound" />;
  }
  return <LookedUpBooking lookup={lookup} booking={query.data} />;
}

function LookedUpBooking({ lookup, booking }: { lookup: BookingLookup; booking: HeldBooking }) {
  const queryClient = useQueryClient();
  return (
    <FoundBooking
      booking={booking}
      cancel={() => cancelBooking(lookup)}
      onCancelled={(cancelled) =>
        queryClient.setQueryData(bookingQueries.lookup(lookup).queryKey, cancelled)
      }
    />
  );
}
