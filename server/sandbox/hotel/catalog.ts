// What rooms are made of: room types, beds, boards and in-room extras, with their names
// in every supported language (the contract localizes room and board names). The
// facilities a room shows beyond these come from the hotel's own facility list.
import type { BoardType, Language } from '../../../src/contract/index.ts';
import type { LocalizedName } from '../inventory/catalog.ts';

type Names = [en: string, fr: string, de: string, es: string, ar: string, hi: string, ja: string];

function names([en, fr, de, es, ar, hi, ja]: Names): LocalizedName {
  return { en, fr, de, es, ar, hi, ja };
}

/* ------------------------------------------------------------------ beds */

export const BEDS = {
  single: names([
    '1 single bed',
    '1 lit simple',
    '1 Einzelbett',
    '1 cama individual',
    'سرير مفرد واحد',
    '1 सिंगल बेड',
    'シングルベッド1台',
  ]),
  double: names([
    '1 double bed',
    '1 lit double',
    '1 Doppelbett',
    '1 cama doble',
    'سرير مزدوج واحد',
    '1 डबल बेड',
    'ダブルベッド1台',
  ]),
  queen: names([
    '1 queen bed',
    '1 grand lit double',
    '1 Queensize-Bett',
    '1 cama de matrimonio grande',
    'سرير كوين واحد',
    '1 क्वीन बेड',
    'クイーンベッド1台',
  ]),
  king: names([
    '1 king bed',
    '1 lit king size',
    '1 Kingsize-Bett',
    '1 cama extragrande',
    'سرير كينغ واحد',
    '1 किंग बेड',
    'キングベッド1台',
  ]),
  twin: names([
    '2 single beds',
    '2 lits simples',
    '2 Einzelbetten',
    '2 camas individuales',
    'سريران مفردان',
    '2 सिंगल बेड',
    'シングルベッド2台',
  ]),
  doubleSingle: names([
    '1 double bed and 1 single bed',
    '1 lit double et 1 lit simple',
    '1 Doppelbett und 1 Einzelbett',
    '1 cama doble y 1 individual',
    'سرير مزدوج وسرير مفرد',
    '1 डबल बेड और 1 सिंगल बेड',
    'ダブルベッド1台・シングルベッド1台',
  ]),
  threeSingle: names([
    '3 single beds',
    '3 lits simples',
    '3 Einzelbetten',
    '3 camas individuales',
    'ثلاثة أسرّة مفردة',
    '3 सिंगल बेड',
    'シングルベッド3台',
  ]),
  doubleTwoSingle: names([
    '1 double bed and 2 single beds',
    '1 lit double et 2 lits simples',
    '1 Doppelbett und 2 Einzelbetten',
    '1 cama doble y 2 individuales',
    'سرير مزدوج وسريران مفردان',
    '1 डबल बेड और 2 सिंगल बेड',
    'ダブルベッド1台・シングルベッド2台',
  ]),
  twoDouble: names([
    '2 double beds',
    '2 lits doubles',
    '2 Doppelbetten',
    '2 camas dobles',
    'سريران مزدوجان',
    '2 डबल बेड',
    'ダブルベッド2台',
  ]),
  kingSofa: names([
    '1 king bed and 1 sofa bed',
    '1 lit king size et 1 canapé-lit',
    '1 Kingsize-Bett und 1 Schlafsofa',
    '1 cama extragrande y 1 sofá cama',
    'سرير كينغ وأريكة سرير',
    '1 किंग बेड और 1 सोफ़ा बेड',
    'キングベッド1台・ソファベッド1台',
  ]),
  doubleSofa: names([
    '1 double bed and 1 sofa bed',
    '1 lit double et 1 canapé-lit',
    '1 Doppelbett und 1 Schlafsofa',
    '1 cama doble y 1 sofá cama',
    'سرير مزدوج وأريكة سرير',
    '1 डबल बेड और 1 सोफ़ा बेड',
    'ダブルベッド1台・ソファベッド1台',
  ]),
  kingTwoSingleSofa: names([
    '1 king bed, 2 single beds and 1 sofa bed',
    '1 lit king size, 2 lits simples et 1 canapé-lit',
    '1 Kingsize-Bett, 2 Einzelbetten und 1 Schlafsofa',
    '1 cama extragrande, 2 individuales y 1 sofá cama',
    'سرير كينغ وسريران مفردان وأريكة سرير',
    '1 किंग बेड, 2 सिंगल बेड और 1 सोफ़ा बेड',
    'キングベッド1台・シングルベッド2台・ソファベッド1台',
  ]),
  twoDoubleTwoSingle: names([
    '2 double beds and 2 single beds',
    '2 lits doubles et 2 lits simples',
    '2 Doppelbetten und 2 Einzelbetten',
    '2 camas dobles y 2 individuales',
    'سريران مزدوجان وسريران مفردان',
    '2 डबल बेड और 2 सिंगल बेड',
    'ダブルベッド2台・シングルベッド2台',
  ]),
  bunks: names([
    '2 bunk beds',
    '2 lits superposés',
    '2 Etagenbetten',
    '2 literas',
    'سريران بطابقين',
    '2 बंक बेड',
    '2段ベッド2台',
  ]),
  bunksSingle: names([
    '2 bunk beds and 1 single bed',
    '2 lits superposés et 1 lit simple',
    '2 Etagenbetten und 1 Einzelbett',
    '2 literas y 1 cama individual',
    'سريران بطابقين وسرير مفرد',
    '2 बंक बेड और 1 सिंगल बेड',
    '2段ベッド2台・シングルベッド1台',
  ]),
  futon: names([
    'Futons on tatami',
    'Futons sur tatamis',
    'Futons auf Tatami',
    'Futones sobre tatami',
    'فوتون على حصير التاتامي',
    'तातामी पर फ़्यूटॉन',
    '畳に布団',
  ]),
} as const;

export type BedKey = keyof typeof BEDS;

/* ------------------------------------------------------------------ in-room extras */

/** Room amenities that are not hotel facilities (those come from the hotel's list). */
export const ROOM_EXTRAS = {
  bathtub: names([
    'Bathtub',
    'Baignoire',
    'Badewanne',
    'Bañera',
    'حوض استحمام',
    'बाथटब',
    'バスタブ',
  ]),
  seating: names([
    'Seating area',
    'Coin salon',
    'Sitzecke',
    'Zona de estar',
    'منطقة جلوس',
    'बैठने की जगह',
    'ソファエリア',
  ]),
  livingRoom: names([
    'Separate living room',
    'Salon séparé',
    'Separates Wohnzimmer',
    'Salón independiente',
    'غرفة معيشة منفصلة',
    'अलग बैठक कक्ष',
    '独立したリビングルーム',
  ]),
  kitchen: names([
    'Full kitchen',
    'Cuisine équipée',
    'Voll ausgestattete Küche',
    'Cocina completa',
    'مطبخ كامل',
    'पूरी रसोई',
    'フルキッチン',
  ]),
  washer: names([
    'Washing machine',
    'Lave-linge',
    'Waschmaschine',
    'Lavadora',
    'غسالة ملابس',
    'वॉशिंग मशीन',
    '洗濯機',
  ]),
  cityView: names([
    'City view',
    'Vue sur la ville',
    'Stadtblick',
    'Vistas a la ciudad',
    'إطلالة على المدينة',
    'शहर का दृश्य',
    'シティビュー',
  ]),
  privatePool: names([
    'Private pool',
    'Piscine privée',
    'Privater Pool',
    'Piscina privada',
    'مسبح خاص',
    'निजी पूल',
    '専用プール',
  ]),
  openAirBath: names([
    'Private open-air bath',
    'Bain privé en plein air',
    'Privates Freiluftbad',
    'Baño privado al aire libre',
    'حمام خاص في الهواء الطلق',
    'निजी खुला स्नान',
    '客室露天風呂',
  ]),
} as const;

export type RoomExtraKey = keyof typeof ROOM_EXTRAS;

/* ------------------------------------------------------------------ room types */

export interface RoomTemplate {
  /** Part of room_type_id ("1044-dbl") and of the room's picture URLs. */
  slug: string;
  names: LocalizedName;
  maxOccupancy: number;
  /** Price relative to a standard double room for the same stay. */
  factor: number;
  /** Size in m² at three stars (scaled with the stars). */
  size: readonly [min: number, max: number];
  beds: readonly BedKey[];
  /** Hotel facilities this room has when the hotel has them (minibar, balcony, sea view…). */
  facilities: readonly number[];
  extras: readonly RoomExtraKey[];
}

function room(
  slug: string,
  localized: Names,
  maxOccupancy: number,
  factor: number,
  size: readonly [number, number],
  beds: readonly BedKey[],
  facilities: readonly number[] = [],
  extras: readonly RoomExtraKey[] = [],
): RoomTemplate {
  return { slug, names: names(localized), maxOccupancy, factor, size, beds, facilities, extras };
}

// Facility ids used below: 55 minibar, 56 kitchenette, 57 balcony, 58 sea view.
export const ROOM_TEMPLATES = {
  sgl: room(
    'sgl',
    [
      'Single Room',
      'Chambre simple',
      'Einzelzimmer',
      'Habitación individual',
      'غرفة مفردة',
      'सिंगल रूम',
      'シングルルーム',
    ],
    1,
    0.82,
    [11, 15],
    ['single'],
  ),
  dbl: room(
    'dbl',
    [
      'Double Room',
      'Chambre double',
      'Doppelzimmer',
      'Habitación doble',
      'غرفة مزدوجة',
      'डबल रूम',
      'ダブルルーム',
    ],
    2,
    1,
    [16, 21],
    ['double', 'queen'],
  ),
  twin: room(
    'twin',
    [
      'Twin Room',
      'Chambre lits jumeaux',
      'Zweibettzimmer',
      'Habitación con dos camas',
      'غرفة بسريرين منفصلين',
      'ट्विन रूम',
      'ツインルーム',
    ],
    2,
    1.02,
    [17, 22],
    ['twin'],
  ),
  sup: room(
    'sup',
    [
      'Superior Double Room',
      'Chambre double supérieure',
      'Superior Doppelzimmer',
      'Habitación doble superior',
      'غرفة مزدوجة سوبيريور',
      'सुपीरियर डबल रूम',
      'スーペリアダブルルーム',
    ],
    2,
    1.18,
    [20, 27],
    ['queen', 'king'],
    [55],
    ['seating'],
  ),
  dlx: room(
    'dlx',
    [
      'Deluxe King Room',
      'Chambre deluxe avec lit king size',
      'Deluxe-Zimmer mit Kingsize-Bett',
      'Habitación deluxe con cama extragrande',
      'غرفة ديلوكس بسرير كينغ',
      'डीलक्स किंग रूम',
      'デラックスキングルーム',
    ],
    2,
    1.32,
    [25, 34],
    ['king'],
    [55, 57],
    ['bathtub', 'cityView'],
  ),
  tpl: room(
    'tpl',
    [
      'Triple Room',
      'Chambre triple',
      'Dreibettzimmer',
      'Habitación triple',
      'غرفة ثلاثية',
      'ट्रिपल रूम',
      'トリプルルーム',
    ],
    3,
    1.22,
    [21, 27],
    ['doubleSingle', 'threeSingle'],
  ),
  fam: room(
    'fam',
    [
      'Family Room',
      'Chambre familiale',
      'Familienzimmer',
      'Habitación familiar',
      'غرفة عائلية',
      'फ़ैमिली रूम',
      'ファミリールーム',
    ],
    4,
    1.42,
    [26, 34],
    ['doubleTwoSingle', 'twoDouble'],
    [],
    ['seating'],
  ),
  jrs: room(
    'jrs',
    [
      'Junior Suite',
      'Suite junior',
      'Juniorsuite',
      'Suite júnior',
      'جناح جونيور',
      'जूनियर सुइट',
      'ジュニアスイート',
    ],
    3,
    1.6,
    [34, 44],
    ['kingSofa'],
    [55, 57, 58],
    ['bathtub', 'seating'],
  ),
  ste: room(
    'ste',
    ['Suite', 'Suite', 'Suite', 'Suite', 'جناح', 'सुइट', 'スイート'],
    4,
    2.05,
    [48, 66],
    ['kingSofa'],
    [55, 57, 58],
    ['bathtub', 'livingRoom'],
  ),
  fams: room(
    'fams',
    [
      'Family Suite',
      'Suite familiale',
      'Familiensuite',
      'Suite familiar',
      'جناح عائلي',
      'फ़ैमिली सुइट',
      'ファミリースイート',
    ],
    5,
    1.78,
    [40, 52],
    ['kingTwoSingleSofa'],
    [55, 57],
    ['livingRoom'],
  ),
  stu: room(
    'stu',
    ['Studio', 'Studio', 'Studio', 'Estudio', 'استوديو', 'स्टूडियो', 'スタジオ'],
    2,
    1,
    [22, 30],
    ['double', 'queen'],
    [56],
    ['seating'],
  ),
  apt1: room(
    'apt1',
    [
      'One-Bedroom Apartment',
      'Appartement 1 chambre',
      'Apartment mit 1 Schlafzimmer',
      'Apartamento de 1 dormitorio',
      'شقة بغرفة نوم واحدة',
      'एक बेडरूम वाला अपार्टमेंट',
      '1ベッドルームアパートメント',
    ],
    4,
    1.3,
    [40, 55],
    ['doubleSofa'],
    [57],
    ['kitchen', 'livingRoom'],
  ),
  apt2: room(
    'apt2',
    [
      'Two-Bedroom Apartment',
      'Appartement 2 chambres',
      'Apartment mit 2 Schlafzimmern',
      'Apartamento de 2 dormitorios',
      'شقة بغرفتي نوم',
      'दो बेडरूम वाला अपार्टमेंट',
      '2ベッドルームアパートメント',
    ],
    5,
    1.7,
    [60, 80],
    ['doubleTwoSingle'],
    [57],
    ['kitchen', 'livingRoom', 'washer'],
  ),
  villa: room(
    'villa',
    [
      'Three-Bedroom Villa',
      'Villa 3 chambres',
      'Villa mit 3 Schlafzimmern',
      'Villa de 3 dormitorios',
      'فيلا بثلاث غرف نوم',
      'तीन बेडरूम वाला विला',
      '3ベッドルームヴィラ',
    ],
    6,
    1,
    [120, 180],
    ['twoDoubleTwoSingle'],
    [57, 58],
    ['kitchen', 'livingRoom', 'washer', 'privatePool'],
  ),
  prv2: room(
    'prv2',
    [
      'Private Double Room',
      'Chambre double privée',
      'Privates Doppelzimmer',
      'Habitación doble privada',
      'غرفة مزدوجة خاصة',
      'निजी डबल रूम',
      '個室ダブルルーム',
    ],
    2,
    1,
    [12, 16],
    ['double'],
  ),
  prv4: room(
    'prv4',
    [
      'Private Room for 4',
      'Chambre privée pour 4 personnes',
      'Privatzimmer für 4 Personen',
      'Habitación privada para 4 personas',
      'غرفة خاصة لأربعة أشخاص',
      '4 लोगों के लिए निजी कमरा',
      '4名用個室',
    ],
    4,
    1.5,
    [16, 20],
    ['bunks'],
  ),
  prv5: room(
    'prv5',
    [
      'Private Room for 5',
      'Chambre privée pour 5 personnes',
      'Privatzimmer für 5 Personen',
      'Habitación privada para 5 personas',
      'غرفة خاصة لخمسة أشخاص',
      '5 लोगों के लिए निजी कमरा',
      '5名用個室',
    ],
    5,
    1.8,
    [19, 24],
    ['bunksSingle'],
  ),
  wa: room(
    'wa',
    [
      'Japanese-Style Room',
      'Chambre de style japonais',
      'Zimmer im japanischen Stil',
      'Habitación de estilo japonés',
      'غرفة على الطراز الياباني',
      'जापानी शैली का कमरा',
      '和室',
    ],
    4,
    1,
    [20, 28],
    ['futon'],
  ),
  waBath: room(
    'wa-bath',
    [
      'Japanese-Style Room with Open-Air Bath',
      'Chambre japonaise avec bain en plein air',
      'Japanisches Zimmer mit Freiluftbad',
      'Habitación japonesa con baño al aire libre',
      'غرفة يابانية مع حمام في الهواء الطلق',
      'खुले स्नान वाला जापानी कमरा',
      '露天風呂付き和室',
    ],
    3,
    1.6,
    [28, 38],
    ['futon'],
    [],
    ['openAirBath'],
  ),
  waFam: room(
    'wa-fam',
    [
      'Japanese-Style Family Room',
      'Chambre familiale de style japonais',
      'Familienzimmer im japanischen Stil',
      'Habitación familiar de estilo japonés',
      'غرفة عائلية على الطراز الياباني',
      'जापानी शैली का फ़ैमिली रूम',
      '和室ファミリールーム',
    ],
    5,
    1.45,
    [32, 42],
    ['futon'],
  ),
} as const satisfies Record<string, RoomTemplate>;

const TEMPLATE_BY_SLUG: ReadonlyMap<string, RoomTemplate> = new Map(
  Object.values(ROOM_TEMPLATES).map((t: RoomTemplate) => [t.slug, t]),
);

export function roomTemplate(slug: string): RoomTemplate | undefined {
  return TEMPLATE_BY_SLUG.get(slug);
}

/* ------------------------------------------------------------------ boards */

export const BOARD_NAMES: Readonly<Record<BoardType, LocalizedName>> = {
  room_only: names([
    'Room only',
    'Chambre seule',
    'Nur Übernachtung',
    'Solo alojamiento',
    'الغرفة فقط',
    'केवल कमरा',
    '素泊まり',
  ]),
  breakfast: names([
    'Breakfast included',
    'Petit-déjeuner inclus',
    'Frühstück inbegriffen',
    'Desayuno incluido',
    'الإفطار مشمول',
    'नाश्ता शामिल',
    '朝食付き',
  ]),
  half_board: names([
    'Half board',
    'Demi-pension',
    'Halbpension',
    'Media pensión',
    'نصف إقامة',
    'हाफ़ बोर्ड',
    '2食付き',
  ]),
  full_board: names([
    'Full board',
    'Pension complète',
    'Vollpension',
    'Pensión completa',
    'إقامة كاملة',
    'फ़ुल बोर्ड',
    '3食付き',
  ]),
  all_inclusive: names([
    'All inclusive',
    'Tout compris',
    'All-inclusive',
    'Todo incluido',
    'شامل كليًا',
    'सर्व-समावेशी',
    'オールインクルーシブ',
  ]),
};

export function boardName(board: BoardType, language: Language): string {
  return BOARD_NAMES[board][language];
}
