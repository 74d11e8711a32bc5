// The `message` texts of room options, content, prebook, book and bookings in every
// supported language, and the error envelopes of the codes these endpoints add. Field
// details stay in English, as everywhere in the sandbox (they name the field).
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  ERROR_STATUS,
  errorEnvelope,
  summarizeDetails,
  type ErrorCode,
  type ErrorDetail,
  type ErrorEnvelope,
  type Language,
} from '../../../src/contract/index.ts';
import type { SandboxEnv } from '../http/env.ts';
import { errorMessage } from '../http/messages.ts';

type Texts = Readonly<Record<Language, string>>;

const SUCCESS = {
  rooms: {
    en: 'Room options',
    fr: 'Options de chambre',
    de: 'Zimmeroptionen',
    es: 'Opciones de habitación',
    ar: 'خيارات الغرف',
    hi: 'कमरे के विकल्प',
    ja: '客室プラン',
  },
  soldOut: {
    en: 'No rooms are available for these dates',
    fr: 'Aucune chambre disponible à ces dates',
    de: 'Für diese Daten sind keine Zimmer verfügbar',
    es: 'No hay habitaciones disponibles para estas fechas',
    ar: 'لا تتوفر غرف في هذه التواريخ',
    hi: 'इन तारीखों के लिए कोई कमरा उपलब्ध नहीं है',
    ja: 'この日程で空室はありません',
  },
  content: {
    en: 'Hotel details',
    fr: "Informations sur l'hôtel",
    de: 'Hoteldetails',
    es: 'Detalles del hotel',
    ar: 'تفاصيل الفندق',
    hi: 'होटल का विवरण',
    ja: 'ホテルの詳細',
  },
  prebook: {
    en: 'The rate is held for you',
    fr: 'Le tarif est réservé pour vous',
    de: 'Der Preis ist für Sie reserviert',
    es: 'La tarifa está reservada para usted',
    ar: 'تم حجز السعر لك',
    hi: 'यह दर आपके लिए रोकी गई है',
    ja: '料金を確保しました',
  },
  priceChanged: {
    en: 'The price has changed; check it before booking',
    fr: 'Le prix a changé ; vérifiez-le avant de réserver',
    de: 'Der Preis hat sich geändert; bitte vor der Buchung prüfen',
    es: 'El precio ha cambiado; revíselo antes de reservar',
    ar: 'تغيّر السعر؛ راجعه قبل الحجز',
    hi: 'कीमत बदल गई है; बुक करने से पहले जाँच लें',
    ja: '料金が変更されました。予約前にご確認ください',
  },
  termsChanged: {
    en: 'The cancellation terms have changed; check them before booking',
    fr: "Les conditions d'annulation ont changé ; vérifiez-les avant de réserver",
    de: 'Die Stornierungsbedingungen haben sich geändert; bitte vor der Buchung prüfen',
    es: 'Las condiciones de cancelación han cambiado; revíselas antes de reservar',
    ar: 'تغيّرت شروط الإلغاء؛ راجعها قبل الحجز',
    hi: 'रद्दीकरण की शर्तें बदल गई हैं; बुक करने से पहले जाँच लें',
    ja: 'キャンセル条件が変更されました。予約前にご確認ください',
  },
  booked: {
    en: 'Booking confirmed',
    fr: 'Réservation confirmée',
    de: 'Buchung bestätigt',
    es: 'Reserva confirmada',
    ar: 'تم تأكيد الحجز',
    hi: 'बुकिंग की पुष्टि हो गई',
    ja: '予約が確定しました',
  },
  booking: {
    en: 'Booking found',
    fr: 'Réservation trouvée',
    de: 'Buchung gefunden',
    es: 'Reserva encontrada',
    ar: 'تم العثور على الحجز',
    hi: 'बुकिंग मिली',
    ja: '予約が見つかりました',
  },
  cancelled: {
    en: 'Booking cancelled',
    fr: 'Réservation annulée',
    de: 'Buchung storniert',
    es: 'Reserva cancelada',
    ar: 'تم إلغاء الحجز',
    hi: 'बुकिंग रद्द कर दी गई',
    ja: '予約をキャンセルしました',
  },
  scenarios: {
    en: 'Test scenarios',
    fr: 'Scénarios de test',
    de: 'Testszenarien',
    es: 'Escenarios de prueba',
    ar: 'سيناريوهات الاختبار',
    hi: 'परीक्षण परिदृश्य',
    ja: 'テストシナリオ',
  },
} as const satisfies Record<string, Texts>;

export type PartTwoMessage = keyof typeof SUCCESS;

export function partTwoMessage(language: Language, key: PartTwoMessage): string {
  return SUCCESS[key][language];
}

const ERRORS: Partial<Record<ErrorCode, Texts>> = {
  IDEMPOTENCY_KEY_REQUIRED: {
    en: 'Send an Idempotency-Key header (8 to 128 letters, digits, "_" or "-")',
    fr: 'Envoyez un en-tête Idempotency-Key (8 à 128 lettres, chiffres, « _ » ou « - »)',
    de: 'Senden Sie einen Idempotency-Key-Header (8 bis 128 Buchstaben, Ziffern, „_“ oder „-“)',
    es: 'Envíe un encabezado Idempotency-Key (de 8 a 128 letras, dígitos, «_» o «-»)',
    ar: 'أرسل ترويسة Idempotency-Key (من 8 إلى 128 حرفًا أو رقمًا أو "_" أو "-")',
    hi: 'Idempotency-Key हेडर भेजें (8 से 128 अक्षर, अंक, "_" या "-")',
    ja: 'Idempotency-Key ヘッダー（英数字・「_」・「-」で8〜128文字）を送信してください',
  },
  BOOKING_NOT_FOUND: {
    en: 'Booking not found',
    fr: 'Réservation introuvable',
    de: 'Buchung nicht gefunden',
    es: 'Reserva no encontrada',
    ar: 'لم يتم العثور على الحجز',
    hi: 'बुकिंग नहीं मिली',
    ja: '予約が見つかりません',
  },
  RATE_UNAVAILABLE: {
    en: 'This rate is no longer available; choose another room or rate',
    fr: "Ce tarif n'est plus disponible ; choisissez une autre chambre ou un autre tarif",
    de: 'Dieser Preis ist nicht mehr verfügbar; wählen Sie ein anderes Zimmer oder einen anderen Tarif',
    es: 'Esta tarifa ya no está disponible; elija otra habitación o tarifa',
    ar: 'لم يعد هذا السعر متاحًا؛ اختر غرفة أو سعرًا آخر',
    hi: 'यह दर अब उपलब्ध नहीं है; कोई दूसरा कमरा या दर चुनें',
    ja: 'この料金はご利用いただけなくなりました。別の客室または料金を選択してください',
  },
  PREBOOK_ALREADY_BOOKED: {
    en: 'This prebook has already been booked',
    fr: 'Cette pré-réservation a déjà été réservée',
    de: 'Diese Vorreservierung wurde bereits gebucht',
    es: 'Esta prerreserva ya se ha reservado',
    ar: 'تم حجز هذا الحجز المسبق بالفعل',
    hi: 'यह प्रीबुक पहले ही बुक हो चुकी है',
    ja: 'この仮予約はすでに予約済みです',
  },
  BOOKING_TOKEN_EXPIRED: {
    en: 'The booking token has expired; get fresh room options',
    fr: 'Le jeton de réservation a expiré ; rechargez les options de chambre',
    de: 'Das Buchungstoken ist abgelaufen; rufen Sie die Zimmeroptionen neu ab',
    es: 'El token de reserva ha caducado; vuelva a consultar las opciones de habitación',
    ar: 'انتهت صلاحية رمز الحجز؛ احصل على خيارات غرف جديدة',
    hi: 'बुकिंग टोकन की समय-सीमा समाप्त हो गई; कमरे के विकल्प फिर से प्राप्त करें',
    ja: '予約トークンの有効期限が切れました。客室プランを再取得してください',
  },
  PREBOOK_EXPIRED: {
    en: 'The prebook has expired; start again from the room options',
    fr: 'La pré-réservation a expiré ; recommencez à partir des options de chambre',
    de: 'Die Vorreservierung ist abgelaufen; beginnen Sie erneut bei den Zimmeroptionen',
    es: 'La prerreserva ha caducado; vuelva a empezar desde las opciones de habitación',
    ar: 'انتهت صلاحية الحجز المسبق؛ ابدأ من جديد من خيارات الغرف',
    hi: 'प्रीबुक की समय-सीमा समाप्त हो गई; कमरे के विकल्पों से फिर शुरू करें',
    ja: '仮予約の有効期限が切れました。客室プランからやり直してください',
  },
  IDEMPOTENCY_KEY_MISMATCH: {
    en: 'This Idempotency-Key was used with a different request body',
    fr: 'Cette Idempotency-Key a été utilisée avec un autre corps de requête',
    de: 'Dieser Idempotency-Key wurde mit einem anderen Anfragetext verwendet',
    es: 'Esta Idempotency-Key se usó con un cuerpo de solicitud distinto',
    ar: 'استُخدم مفتاح Idempotency-Key هذا مع نص طلب مختلف',
    hi: 'इस Idempotency-Key का उपयोग किसी अलग अनुरोध बॉडी के साथ किया गया था',
    ja: 'このIdempotency-Keyは別のリクエスト本文で使用されています',
  },
};

export interface Problem {
  status: number;
  envelope: ErrorEnvelope;
}

/**
 * The error envelope for a code, with these endpoints' localized texts (the shared ones of
 * http/messages.ts for other codes), as data: the book endpoint stores it in an idempotency
 * record.
 */
export function problemOf(
  c: Context<SandboxEnv>,
  code: ErrorCode,
  details: ErrorDetail[] = [],
): Problem {
  const language = c.get('language');
  const text = ERRORS[code]?.[language] ?? errorMessage(language, code);
  let message = text;
  if (details.length > 0) {
    message =
      language === 'en'
        ? summarizeDetails(details)
        : `${text} (${details.map((d) => d.field).join(', ')})`;
  }
  return {
    status: ERROR_STATUS[code],
    envelope: errorEnvelope(code, message, c.get('requestId'), details),
  };
}

/** The error response for a code (see problemOf). */
export function problem(
  c: Context<SandboxEnv>,
  code: ErrorCode,
  details: ErrorDetail[] = [],
): Response {
  const { status, envelope } = problemOf(c, code, details);
  return c.json(envelope, status as ContentfulStatusCode);
}
