// GET /hotels/{hotel_id}/content (docs/api.md, "Hotel content"): the hotel page's static
// part, a pure function of the seed and the hotel. Country, property type, facility
// names, image captions, the description and the policies are in the request's language.
import type { Hono } from 'hono';
import {
  NumericIdStringSchema,
  type HotelContent,
  type Language,
  successEnvelope,
} from '../../../src/contract/index.ts';
import { errorResponse } from '../http/errors.ts';
import { successMessage } from '../http/messages.ts';
import { validated } from '../http/validation.ts';
import type { SandboxContext } from '../context.ts';
import type { SandboxEnv } from '../http/env.ts';
import { CHAIN_BY_ID, FACILITY_BY_ID, PROPERTY_TYPE_NAMES } from '../inventory/catalog.ts';
import {
  cityOf,
  facilitiesOf,
  facilityHighlights,
  findApiHotel,
  hasFacility,
  type Hotel,
} from '../inventory/inventory.ts';
import { TOURIST_TAX_COUNTRIES } from './rates.ts';

type Texts = Readonly<Record<Language, string>>;
type Template = Readonly<Record<Language, (values: Record<string, string>) => string>>;

const CAPTIONS = {
  exterior: {
    en: 'Exterior',
    fr: 'Façade',
    de: 'Außenansicht',
    es: 'Fachada',
    ar: 'الواجهة الخارجية',
    hi: 'बाहरी दृश्य',
    ja: '外観',
  },
  lobby: {
    en: 'Lobby',
    fr: "Hall d'accueil",
    de: 'Lobby',
    es: 'Vestíbulo',
    ar: 'الردهة',
    hi: 'लॉबी',
    ja: 'ロビー',
  },
  room: {
    en: 'Guest room',
    fr: 'Chambre',
    de: 'Gästezimmer',
    es: 'Habitación',
    ar: 'غرفة الضيوف',
    hi: 'अतिथि कक्ष',
    ja: '客室',
  },
  bathroom: {
    en: 'Bathroom',
    fr: 'Salle de bains',
    de: 'Badezimmer',
    es: 'Baño',
    ar: 'الحمام',
    hi: 'बाथरूम',
    ja: 'バスルーム',
  },
  view: {
    en: 'View',
    fr: 'Vue',
    de: 'Aussicht',
    es: 'Vistas',
    ar: 'الإطلالة',
    hi: 'दृश्य',
    ja: '眺望',
  },
} as const satisfies Record<string, Texts>;

/** Facilities worth a picture, in the order the gallery shows them. */
const PICTURED_FACILITIES = [31, 32, 33, 26, 27, 60, 51, 30, 49, 50] as const;

const DISTANCE: Template = {
  en: (v) => `${v.km} km from the city centre.`,
  fr: (v) => `À ${v.km} km du centre-ville.`,
  de: (v) => `${v.km} km vom Stadtzentrum entfernt.`,
  es: (v) => `A ${v.km} km del centro de la ciudad.`,
  ar: (v) => `على بعد ${v.km} كم من وسط المدينة.`,
  hi: (v) => `शहर के केंद्र से ${v.km} किमी।`,
  ja: (v) => `市内中心部から${v.km} km。`,
};

const HIGHLIGHTS: Template = {
  en: (v) => `Highlights: ${v.list}.`,
  fr: (v) => `Points forts : ${v.list}.`,
  de: (v) => `Highlights: ${v.list}.`,
  es: (v) => `Lo más destacado: ${v.list}.`,
  ar: (v) => `أبرز المزايا: ${v.list}.`,
  hi: (v) => `मुख्य विशेषताएँ: ${v.list}।`,
  ja: (v) => `主な特徴：${v.list}。`,
};

const LIST_SEPARATOR: Texts = {
  en: ', ',
  fr: ', ',
  de: ', ',
  es: ', ',
  ar: '، ',
  hi: ', ',
  ja: '、',
};

const POLICIES = {
  times: {
    en: (v) => `Check-in from ${v.in}; check-out until ${v.out}.`,
    fr: (v) => `Arrivée à partir de ${v.in} ; départ jusqu'à ${v.out}.`,
    de: (v) => `Check-in ab ${v.in}; Check-out bis ${v.out}.`,
    es: (v) => `Entrada a partir de las ${v.in}; salida hasta las ${v.out}.`,
    ar: (v) => `تسجيل الوصول من الساعة ${v.in}؛ تسجيل المغادرة حتى الساعة ${v.out}.`,
    hi: (v) => `चेक-इन ${v.in} से; चेक-आउट ${v.out} तक।`,
    ja: (v) => `チェックイン${v.in}から、チェックアウト${v.out}まで。`,
  },
  identity: {
    en: () => 'A photo ID and a credit card are required at check-in.',
    fr: () => "Une pièce d'identité avec photo et une carte de crédit sont demandées à l'arrivée.",
    de: () => 'Beim Check-in sind ein Lichtbildausweis und eine Kreditkarte erforderlich.',
    es: () =>
      'Se requiere un documento de identidad con foto y una tarjeta de crédito al hacer el check-in.',
    ar: () => 'يلزم تقديم هوية تحمل صورة وبطاقة ائتمان عند تسجيل الوصول.',
    hi: () => 'चेक-इन के समय फ़ोटो पहचान पत्र और क्रेडिट कार्ड आवश्यक है।',
    ja: () => 'チェックイン時に写真付き身分証明書とクレジットカードが必要です。',
  },
  children: {
    en: () => 'Children of all ages are welcome; cots are available on request.',
    fr: () => 'Les enfants de tous âges sont les bienvenus ; lits bébé sur demande.',
    de: () => 'Kinder jeden Alters sind willkommen; Babybetten auf Anfrage.',
    es: () => 'Se admiten niños de todas las edades; cunas disponibles bajo petición.',
    ar: () => 'يُرحَّب بالأطفال من جميع الأعمار؛ أسرّة الأطفال متاحة عند الطلب.',
    hi: () => 'सभी उम्र के बच्चों का स्वागत है; अनुरोध पर पालना उपलब्ध है।',
    ja: () => 'お子様は何歳でも歓迎します。ベビーベッドはリクエストに応じてご用意します。',
  },
  petsAllowed: {
    en: () => 'Pets are allowed on request; charges may apply.',
    fr: () => "Animaux admis sur demande ; des frais peuvent s'appliquer.",
    de: () => 'Haustiere auf Anfrage erlaubt; es können Gebühren anfallen.',
    es: () => 'Se admiten mascotas bajo petición; pueden aplicarse cargos.',
    ar: () => 'يُسمح بالحيوانات الأليفة عند الطلب؛ قد تُطبَّق رسوم.',
    hi: () => 'अनुरोध पर पालतू जानवरों की अनुमति है; शुल्क लग सकता है।',
    ja: () => 'ペットはリクエストに応じて同伴可能です（料金がかかる場合があります）。',
  },
  noPets: {
    en: () => 'Pets are not allowed.',
    fr: () => 'Les animaux ne sont pas admis.',
    de: () => 'Haustiere sind nicht erlaubt.',
    es: () => 'No se admiten mascotas.',
    ar: () => 'لا يُسمح بالحيوانات الأليفة.',
    hi: () => 'पालतू जानवरों की अनुमति नहीं है।',
    ja: () => 'ペットの同伴はできません。',
  },
  noSmoking: {
    en: () => 'Smoking is not allowed in the rooms.',
    fr: () => 'Il est interdit de fumer dans les chambres.',
    de: () => 'Rauchen ist in den Zimmern nicht gestattet.',
    es: () => 'No se permite fumar en las habitaciones.',
    ar: () => 'التدخين غير مسموح به في الغرف.',
    hi: () => 'कमरों में धूम्रपान की अनुमति नहीं है।',
    ja: () => '客室内は禁煙です。',
  },
  touristTax: {
    en: () => 'The local tourist tax is included in the price and paid at the property.',
    fr: () => 'La taxe de séjour est comprise dans le prix et réglée sur place.',
    de: () => 'Die örtliche Kurtaxe ist im Preis enthalten und wird vor Ort bezahlt.',
    es: () => 'La tasa turística local está incluida en el precio y se paga en el alojamiento.',
    ar: () => 'الضريبة السياحية المحلية مشمولة في السعر وتُدفع في مكان الإقامة.',
    hi: () => 'स्थानीय पर्यटक कर कीमत में शामिल है और संपत्ति पर चुकाया जाता है।',
    ja: () => '宿泊税は料金に含まれており、現地でお支払いいただきます。',
  },
} as const satisfies Record<string, Template>;

const FACILITY_PETS = 41;
const FACILITY_NON_SMOKING = 2;

const distanceFormats = new Map<Language, Intl.NumberFormat>();

function formatKm(language: Language, km: number): string {
  let format = distanceFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    distanceFormats.set(language, format);
  }
  return format.format(km);
}

function description(ctx: SandboxContext, hotel: Hotel, language: Language): string {
  const city = cityOf(ctx.inventory, hotel);
  const area = ctx.inventory.geography.places[hotel.areaIndex];
  const country = ctx.inventory.geography.countries.get(city.countryCode)?.names[language] ?? '';
  const type = PROPERTY_TYPE_NAMES[hotel.propertyType][language];
  const stars = hotel.stars === null ? '' : ` ${'★'.repeat(hotel.stars)}`;
  const place = [area?.name, city.name, country].filter(Boolean).join(LIST_SEPARATOR[language]);
  const parts = [`${hotel.name} — ${type}${stars}, ${place}.`];
  if (hotel.distanceFromCenterKm !== null) {
    parts.push(DISTANCE[language]({ km: formatKm(language, hotel.distanceFromCenterKm) }));
  }
  const highlights = facilityHighlights(hotel).map((f) => f.names[language]);
  if (highlights.length > 0) {
    parts.push(HIGHLIGHTS[language]({ list: highlights.join(LIST_SEPARATOR[language]) }));
  }
  return parts.join(' ');
}

function gallery(ctx: SandboxContext, hotel: Hotel, language: Language): HotelContent['images'] {
  const captions: string[] = [CAPTIONS.exterior[language], CAPTIONS.lobby[language]];
  for (const id of PICTURED_FACILITIES) {
    const facility = FACILITY_BY_ID.get(id);
    if (facility && hasFacility(hotel, id)) captions.push(facility.names[language]);
  }
  captions.push(CAPTIONS.room[language], CAPTIONS.bathroom[language], CAPTIONS.view[language]);
  // Picture n is drawn from the hotel and n alone; its caption follows the list above.
  return Array.from({ length: hotel.imageCount }, (_, index) => ({
    url: ctx.images.hotel(hotel, index),
    caption: captions[index] ?? CAPTIONS.room[language],
  }));
}

function policies(ctx: SandboxContext, hotel: Hotel, language: Language): string[] {
  const list = [
    POLICIES.times[language]({ in: hotel.checkInFrom, out: hotel.checkOutUntil }),
    POLICIES.identity[language](),
    POLICIES.children[language](),
    (hasFacility(hotel, FACILITY_PETS) ? POLICIES.petsAllowed : POLICIES.noPets)[language](),
  ];
  if (hasFacility(hotel, FACILITY_NON_SMOKING)) list.push(POLICIES.noSmoking[language]());
  if (TOURIST_TAX_COUNTRIES.has(cityOf(ctx.inventory, hotel).countryCode)) {
    list.push(POLICIES.touristTax[language]());
  }
  return list;
}

export function hotelContent(ctx: SandboxContext, hotel: Hotel, language: Language): HotelContent {
  const { geography } = ctx.inventory;
  const city = cityOf(ctx.inventory, hotel);
  return {
    hotel_id: String(hotel.id),
    hotel_name: hotel.name,
    description: description(ctx, hotel, language),
    stars: hotel.stars,
    property_type: PROPERTY_TYPE_NAMES[hotel.propertyType][language],
    chain: hotel.chainId === null ? null : (CHAIN_BY_ID.get(hotel.chainId)?.name ?? null),
    address: hotel.address,
    city: city.name,
    country: geography.countries.get(city.countryCode)?.names[language] ?? city.countryCode,
    latitude: hotel.lat,
    longitude: hotel.lon,
    images: gallery(ctx, hotel, language),
    facilities: facilitiesOf(hotel).map((f) => ({ facility_id: f.id, name: f.names[language] })),
    check_in_from: hotel.checkInFrom,
    check_out_until: hotel.checkOutUntil,
    policies: policies(ctx, hotel, language),
    city_id: city.id,
    country_code: city.countryCode,
    timezone: city.timeZone,
    distance_from_center_km: hotel.distanceFromCenterKm,
  };
}

export function registerContentRoutes(app: Hono<SandboxEnv>, ctx: SandboxContext): void {
  app.get(
    '/hotels/:hotel_id/content',
    validated({ params: { hotel_id: NumericIdStringSchema } }, (c, { params }) => {
      const hotel = findApiHotel(ctx.inventory, params.hotel_id);
      if (!hotel) {
        return errorResponse(c, 'HOTEL_NOT_FOUND', {
          details: [{ field: 'hotel_id', message: 'is not a known hotel' }],
        });
      }
      const language = c.get('language');
      return c.json(
        successEnvelope(successMessage(language, 'content'), hotelContent(ctx, hotel, language)),
      );
    }),
  );
}
