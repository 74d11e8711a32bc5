// POST /hotels/prebook (docs/api.md, "Prebook"): the supplier re-checks a rate and holds
// it for ten minutes. As with real suppliers, the answer is not always the rate the token
// was issued for: about 12 % of prebooks come back with a moved price (and a quarter of
// those with tighter cancellation terms) and 3 % with RATE_UNAVAILABLE. The draw is a
// function of the seed, the rate, the stay and the half hour the token was issued in (the
// supplier's state then), so a test with a fixed clock always sees the same answer;
// SANDBOX_PREBOOK_SURPRISES=off switches it off. The scenario hotels take their own
// branch every time and never the random one.
import type { Hono } from 'hono';
import {
  fullRefundUntil,
  nightsBetween,
  PrebookRequestSchema,
  successEnvelope,
} from '../../../src/contract/index.ts';
import type { SandboxContext } from '../context.ts';
import type { StoredPrebook } from '../db/store.ts';
import {
  isRefundable,
  sameTerms,
  termsAt,
  timelineOf,
  type CancellationTerms,
} from '../hotel/cancellation.ts';
import { roomTemplate } from '../hotel/catalog.ts';
import { holdLifetimeMs, stayKeyOf } from '../hotel/rooms.ts';
import { newOpaqueId, type BookingTokenEntry } from '../hotel/tokens.ts';
import type { SandboxEnv } from '../http/env.ts';
import { findApiHotel } from '../inventory/inventory.ts';
import { hashString, unitHash } from '../inventory/random.ts';
import { QUOTE_EPOCH_MS } from '../pricing/model.ts';
import { SCENARIO_PRICE_CHANGE, scenarioOf } from '../scenarios/scenarios.ts';
import { errorResponse } from '../http/errors.ts';
import { successMessage } from '../http/messages.ts';
import { validated } from '../http/validation.ts';
import { organizationOf } from '../organization.ts';
import { presentPrebook } from './present.ts';

export const RATE_UNAVAILABLE_SHARE = 0.03;
export const PRICE_CHANGE_SHARE = 0.12;
const TIGHTER_TERMS_SHARE = 0.25;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Unbooked prebooks are forgotten a day after they expire (checked at most once a minute). */
const PREBOOK_RETENTION_MS = DAY_MS;
const PRUNE_EVERY_MS = 60_000;

type Outcome = { kind: 'unavailable' } | { kind: 'held'; amount: number; terms: CancellationTerms };

/** Free cancellation ends a day earlier, when that is still more than an hour away. */
function tighter(terms: CancellationTerms, now: number): CancellationTerms {
  if (terms.freeUntil === null || terms.freeUntil - DAY_MS <= now + HOUR_MS) return terms;
  return { ...terms, freeUntil: terms.freeUntil - DAY_MS };
}

function supplierAnswer(ctx: SandboxContext, token: BookingTokenEntry, now: number): Outcome {
  const terms = termsAt(token.terms, now);
  const scenario = scenarioOf(ctx.inventory, token.hotelId);
  if (scenario === 'rate_unavailable') return { kind: 'unavailable' };
  if (scenario === 'price_change') {
    return {
      kind: 'held',
      amount: Math.round(token.amount * (1 + SCENARIO_PRICE_CHANGE)),
      terms: tighter(terms, now),
    };
  }
  if (scenario !== null || ctx.options.prebookSurprises === false) {
    return { kind: 'held', amount: token.amount, terms };
  }
  const draw = (salt: number) =>
    unitHash(
      ctx.inventory.seedHash,
      token.hotelId,
      hashString(token.rateId),
      hashString(stayKeyOf(token)),
      Math.floor(token.issuedAt / QUOTE_EPOCH_MS),
      salt,
    );
  const roll = draw(1);
  if (roll < RATE_UNAVAILABLE_SHARE) return { kind: 'unavailable' };
  if (roll < RATE_UNAVAILABLE_SHARE + PRICE_CHANGE_SHARE) {
    // Mostly up (the supplier's cache was stale), sometimes down: 2–9 % up, 2–6 % down.
    const size = draw(3);
    const move = draw(2) < 0.7 ? 0.02 + 0.07 * size : -(0.02 + 0.04 * size);
    return {
      kind: 'held',
      amount: Math.round(token.amount * (1 + move)),
      terms: draw(4) < TIGHTER_TERMS_SHARE ? tighter(terms, now) : terms,
    };
  }
  return { kind: 'held', amount: token.amount, terms };
}

export function registerPrebookRoutes(app: Hono<SandboxEnv>, ctx: SandboxContext): void {
  let lastPrune = -Infinity;

  app.post(
    '/hotels/prebook',
    validated({ body: PrebookRequestSchema }, (c, { body }) => {
      const now = ctx.now();
      const org = organizationOf(c.get('apiKey'));
      const token = ctx.tokens.find(body.booking_token, org, now);
      const hotel = token ? findApiHotel(ctx.inventory, token.hotelId) : undefined;
      if (!token || !hotel) {
        return errorResponse(c, 'BOOKING_TOKEN_EXPIRED', {
          details: [
            {
              field: 'booking_token',
              message: 'has expired or is unknown; get fresh room options',
            },
          ],
        });
      }
      const outcome = supplierAnswer(ctx, token, now);
      if (outcome.kind === 'unavailable') return errorResponse(c, 'RATE_UNAVAILABLE');

      const { amount, terms } = outcome;
      const timeline = timelineOf(amount, terms, nightsBetween(token.checkIn, token.checkOut));
      const prebook: StoredPrebook = {
        prebookId: newOpaqueId(),
        org,
        createdAt: now,
        expiresAt: now + holdLifetimeMs(ctx, hotel.id),
        hotelId: hotel.id,
        hotelName: hotel.name,
        roomType: token.roomType,
        roomNameEn: roomTemplate(token.roomType)?.names.en ?? token.roomType,
        rateId: token.rateId,
        boardType: token.board,
        checkIn: token.checkIn,
        checkOut: token.checkOut,
        rooms: [...token.rooms],
        nationality: token.nationality,
        amount,
        // price_changed is true only when the amount really differs from the token's.
        previousAmount: amount === token.amount ? null : token.amount,
        isRefundable: isRefundable(terms),
        freeCancellationUntil: fullRefundUntil(timeline, amount),
        cancellationTimeline: timeline,
        cancellationChanged: !sameTerms(terms, token.terms),
        paymentType: token.payment,
        payAtHotel: token.payment === 'pay_at_hotel' ? amount : Math.min(token.payAtHotel, amount),
      };
      ctx.store.insertPrebook(prebook);
      if (now - lastPrune >= PRUNE_EVERY_MS) {
        lastPrune = now;
        ctx.store.pruneExpiredPrebooks(now - PREBOOK_RETENTION_MS);
      }

      const language = c.get('language');
      const data = presentPrebook(prebook, language);
      return c.json(
        successEnvelope(
          successMessage(
            language,
            data.price_changed
              ? 'priceChanged'
              : data.cancellation_changed
                ? 'termsChanged'
                : 'prebook',
          ),
          data,
        ),
      );
    }),
  );
}
