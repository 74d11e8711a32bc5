// The one catalogue of the sandbox's `message` texts, in every supported language: the
// success envelopes of every endpoint and the errors of every code it answers. Field-level
// details stay in English (they come from the contract's schemas and name the field).
import type { ErrorCode, Language } from '../../../src/contract/index.ts';

type Texts = Readonly<Record<Language, string>>;

const SUCCESS = {
  search: {
    en: 'Found {count} hotels',
    fr: '{count} hôtels trouvés',
    de: '{count} Hotels gefunden',
    es: 'Se encontraron {count} hoteles',
    ar: 'عدد الفنادق التي تم العثور عليها: {count}',
    hi: '{count} होटल मिले',
    ja: '{count}件のホテルが見つかりました',
  },
  prices: {
    en: 'Price updates',
    fr: 'Mises à jour des prix',
    de: 'Preisaktualisierungen',
    es: 'Actualizaciones de precios',
    ar: 'تحديثات الأسعار',
    hi: 'मूल्य अपडेट',
    ja: '料金の更新',
  },
  autocomplete: {
    en: 'Destinations matching your search',
    fr: 'Destinations correspondant à votre recherche',
    de: 'Reiseziele zu Ihrer Suche',
    es: 'Destinos que coinciden con su búsqueda',
    ar: 'الوجهات المطابقة لبحثك',
    hi: 'आपकी खोज से मेल खाते गंतव्य',
    ja: '検索に一致する目的地',
  },
  nationalities: {
    en: 'Nationalities',
    fr: 'Nationalités',
    de: 'Staatsangehörigkeiten',
    es: 'Nacionalidades',
    ar: 'الجنسيات',
    hi: 'राष्ट्रीयताएँ',
    ja: '国籍',
  },
  filters: {
    en: 'Search filters',
    fr: 'Filtres de recherche',
    de: 'Suchfilter',
    es: 'Filtros de búsqueda',
    ar: 'عوامل تصفية البحث',
    hi: 'खोज फ़िल्टर',
    ja: '検索フィルター',
  },
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

export type SuccessMessage = keyof typeof SUCCESS;

const ERRORS: Partial<Record<ErrorCode, Texts>> = {
  VALIDATION_FAILED: {
    en: 'The request is not valid',
    fr: "La requête n'est pas valide",
    de: 'Die Anfrage ist ungültig',
    es: 'La solicitud no es válida',
    ar: 'الطلب غير صالح',
    hi: 'अनुरोध मान्य नहीं है',
    ja: 'リクエストが正しくありません',
  },
  INVALID_CURSOR: {
    en: 'The cursor does not belong to this search and sort; start again from the first page',
    fr: "Le curseur n'appartient pas à cette recherche et ce tri ; recommencez à la première page",
    de: 'Der Cursor gehört nicht zu dieser Suche und Sortierung; beginnen Sie wieder mit der ersten Seite',
    es: 'El cursor no pertenece a esta búsqueda y orden; vuelva a empezar desde la primera página',
    ar: 'المؤشر لا يخص هذا البحث والترتيب؛ ابدأ من الصفحة الأولى',
    hi: 'कर्सर इस खोज और क्रम का नहीं है; पहले पृष्ठ से फिर शुरू करें',
    ja: 'カーソルがこの検索と並び順のものではありません。最初のページからやり直してください',
  },
  INVALID_JSON: {
    en: 'The request body is not valid JSON',
    fr: "Le corps de la requête n'est pas un JSON valide",
    de: 'Der Anfragetext ist kein gültiges JSON',
    es: 'El cuerpo de la solicitud no es JSON válido',
    ar: 'نص الطلب ليس JSON صالحًا',
    hi: 'अनुरोध का मुख्य भाग मान्य JSON नहीं है',
    ja: 'リクエスト本文が正しいJSONではありません',
  },
  UNAUTHORIZED: {
    en: 'A valid x-api-key header is required',
    fr: 'Un en-tête x-api-key valide est requis',
    de: 'Ein gültiger x-api-key-Header ist erforderlich',
    es: 'Se requiere un encabezado x-api-key válido',
    ar: 'مطلوب ترويسة x-api-key صالحة',
    hi: 'एक मान्य x-api-key हेडर आवश्यक है',
    ja: '有効な x-api-key ヘッダーが必要です',
  },
  NOT_FOUND: {
    en: 'No such endpoint',
    fr: "Ce point d'accès n'existe pas",
    de: 'Diesen Endpunkt gibt es nicht',
    es: 'Este punto de acceso no existe',
    ar: 'نقطة الوصول هذه غير موجودة',
    hi: 'ऐसा कोई एंडपॉइंट नहीं है',
    ja: 'このエンドポイントは存在しません',
  },
  DESTINATION_NOT_FOUND: {
    en: 'Destination not found',
    fr: 'Destination introuvable',
    de: 'Reiseziel nicht gefunden',
    es: 'Destino no encontrado',
    ar: 'لم يتم العثور على الوجهة',
    hi: 'गंतव्य नहीं मिला',
    ja: '目的地が見つかりません',
  },
  HOTEL_NOT_FOUND: {
    en: 'Hotel not found',
    fr: 'Hôtel introuvable',
    de: 'Hotel nicht gefunden',
    es: 'Hotel no encontrado',
    ar: 'لم يتم العثور على الفندق',
    hi: 'होटल नहीं मिला',
    ja: 'ホテルが見つかりません',
  },
  SEARCH_NOT_FOUND: {
    en: 'Search not found; search again',
    fr: 'Recherche introuvable ; relancez la recherche',
    de: 'Suche nicht gefunden; bitte erneut suchen',
    es: 'Búsqueda no encontrada; vuelva a buscar',
    ar: 'لم يتم العثور على البحث؛ ابحث مرة أخرى',
    hi: 'खोज नहीं मिली; फिर से खोजें',
    ja: '検索が見つかりません。もう一度検索してください',
  },
  PAYLOAD_TOO_LARGE: {
    en: 'The request body is larger than 64 KiB',
    fr: 'Le corps de la requête dépasse 64 Kio',
    de: 'Der Anfragetext ist größer als 64 KiB',
    es: 'El cuerpo de la solicitud supera los 64 KiB',
    ar: 'نص الطلب أكبر من 64 كيلوبايت',
    hi: 'अनुरोध का मुख्य भाग 64 KiB से बड़ा है',
    ja: 'リクエスト本文が64 KiBを超えています',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    en: 'Send JSON with Content-Type: application/json',
    fr: 'Envoyez du JSON avec Content-Type: application/json',
    de: 'Senden Sie JSON mit Content-Type: application/json',
    es: 'Envíe JSON con Content-Type: application/json',
    ar: 'أرسل JSON مع Content-Type: application/json',
    hi: 'Content-Type: application/json के साथ JSON भेजें',
    ja: 'Content-Type: application/json でJSONを送信してください',
  },
  RATE_LIMITED: {
    en: 'Too many requests; try again shortly',
    fr: 'Trop de requêtes ; réessayez dans un instant',
    de: 'Zu viele Anfragen; versuchen Sie es gleich noch einmal',
    es: 'Demasiadas solicitudes; inténtelo de nuevo en breve',
    ar: 'طلبات كثيرة جدًا؛ حاول مرة أخرى بعد قليل',
    hi: 'बहुत अधिक अनुरोध; थोड़ी देर में फिर से प्रयास करें',
    ja: 'リクエストが多すぎます。しばらくしてから再試行してください',
  },
  INTERNAL: {
    en: 'Something went wrong on our side; try again',
    fr: "Une erreur s'est produite de notre côté ; réessayez",
    de: 'Bei uns ist etwas schiefgelaufen; versuchen Sie es erneut',
    es: 'Algo salió mal por nuestra parte; inténtelo de nuevo',
    ar: 'حدث خطأ من جانبنا؛ حاول مرة أخرى',
    hi: 'हमारी ओर से कुछ गलत हो गया; फिर से प्रयास करें',
    ja: 'こちら側で問題が発生しました。再試行してください',
  },
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

const numberFormats = new Map<Language, Intl.NumberFormat>();

function formatCount(language: Language, count: number): string {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language);
    numberFormats.set(language, format);
  }
  return format.format(count);
}

/** The message of a success envelope; `{count}` (search, destinations, nationalities) as a localized number. */
export function successMessage(language: Language, key: SuccessMessage, count = 0): string {
  return SUCCESS[key][language].replace('{count}', formatCount(language, count));
}

const GENERIC: Texts = {
  en: 'The request could not be completed',
  fr: "La requête n'a pas pu aboutir",
  de: 'Die Anfrage konnte nicht ausgeführt werden',
  es: 'No se pudo completar la solicitud',
  ar: 'تعذر إكمال الطلب',
  hi: 'अनुरोध पूरा नहीं हो सका',
  ja: 'リクエストを完了できませんでした',
};

/** The localized text for an error code (a generic one for codes without their own). */
export function errorMessage(language: Language, code: ErrorCode): string {
  return (ERRORS[code] ?? GENERIC)[language];
}
