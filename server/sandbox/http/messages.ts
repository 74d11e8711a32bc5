// The `message` texts of the sandbox's envelopes in every supported language. Field-level
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
