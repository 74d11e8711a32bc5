// Plausible hotel names and street addresses in the local style of a country: "Hôtel du
// Parc Montmartre", "Hotel Alpenblick", "Sakura Ryokan", "Saffron Court Jaipur Centre".
import type { Chain, PropertyType } from './catalog.ts';
import type { Rng } from './random.ts';

type Style =
  'en' | 'fr' | 'es' | 'pt' | 'it' | 'de' | 'nl' | 'ja' | 'ar' | 'in' | 'th' | 'id' | 'tr';

const STYLE_BY_COUNTRY: Readonly<Record<string, Style>> = {
  FR: 'fr',
  BE: 'fr',
  LU: 'fr',
  MC: 'fr',
  MA: 'fr',
  TN: 'fr',
  DZ: 'fr',
  SN: 'fr',
  CI: 'fr',
  CM: 'fr',
  HT: 'fr',
  ES: 'es',
  MX: 'es',
  AR: 'es',
  CO: 'es',
  PE: 'es',
  CL: 'es',
  VE: 'es',
  EC: 'es',
  BO: 'es',
  PY: 'es',
  UY: 'es',
  CR: 'es',
  PA: 'es',
  DO: 'es',
  CU: 'es',
  GT: 'es',
  HN: 'es',
  SV: 'es',
  NI: 'es',
  PR: 'es',
  PT: 'pt',
  BR: 'pt',
  AO: 'pt',
  MZ: 'pt',
  IT: 'it',
  SM: 'it',
  DE: 'de',
  AT: 'de',
  CH: 'de',
  LI: 'de',
  NL: 'nl',
  JP: 'ja',
  AE: 'ar',
  SA: 'ar',
  QA: 'ar',
  KW: 'ar',
  BH: 'ar',
  OM: 'ar',
  EG: 'ar',
  JO: 'ar',
  IQ: 'ar',
  SY: 'ar',
  LB: 'ar',
  YE: 'ar',
  LY: 'ar',
  SD: 'ar',
  PS: 'ar',
  IN: 'in',
  NP: 'in',
  LK: 'in',
  BD: 'in',
  PK: 'in',
  TH: 'th',
  ID: 'id',
  MY: 'id',
  TR: 'tr',
};

export function styleOf(countryCode: string): Style {
  return STYLE_BY_COUNTRY[countryCode] ?? 'en';
}

const EN_ADJ = [
  'Grand',
  'Royal',
  'Golden',
  'Silver',
  'Blue',
  'Green',
  'Old',
  'Little',
  'Park',
  'Central',
  'Harbour',
  'River',
  'Garden',
  'Sunset',
  'Crystal',
  'Imperial',
  'Urban',
  'Heritage',
  'Ivory',
  'Amber',
  'Emerald',
  'Coral',
  'Cedar',
  'Maple',
  'Willow',
  'Laurel',
  'Jasmine',
  'Orchid',
  'Palm',
  'Pearl',
  'Sapphire',
  'North Star',
  'Lighthouse',
  'Copper',
  'Juniper',
];
const EN_NOUN = [
  'House',
  'Lodge',
  'Inn',
  'Suites',
  'Residence',
  'Palace',
  'Court',
  'Plaza',
  'Tower',
  'Gardens',
  'Terrace',
  'Manor',
  'Quarters',
  'Rooms',
  'Retreat',
  'Haven',
  'Gate',
  'View',
  'Square',
  'Hall',
  'Arms',
  'Yard',
];
const EN_STREET = [
  'High',
  'Station',
  'Church',
  'Mill',
  'Victoria',
  'King',
  'Queen',
  'Park',
  'Market',
  'Bridge',
  'Harbour',
  'Elm',
  'Oak',
  'Cedar',
  'Lake',
  'Hill',
  'Union',
  'Liberty',
  'Garden',
  'Chapel',
  'Water',
  'Castle',
];
const EN_STREET_TYPE = ['Street', 'Road', 'Avenue', 'Lane', 'Boulevard', 'Way'];

const FR_NOUN = [
  'du Parc',
  'du Pont',
  'du Palais',
  'du Jardin',
  'du Théâtre',
  'du Marché',
  'du Lys',
  'du Port',
  'du Moulin',
  'du Château',
  'du Cygne',
  'du Faubourg',
  'des Arts',
  'des Tilleuls',
  'des Voyageurs',
  'de la Poste',
  'de la Gare',
  'de la Paix',
  "de l'Étoile",
  'de la Tour',
];
const FR_NAME = [
  'Lumière',
  'Voltaire',
  'Molière',
  'Mistral',
  'Montaigne',
  'Saint-Louis',
  'Bellevue',
  'Beau Rivage',
  'Belle Époque',
  'Lutèce',
  'Régence',
  'Normandie',
  'Provence',
  'Mirabeau',
  'Colbert',
  'Bonaparte',
  'Rivoli',
  'Opéra',
  'Soleil',
  'Orangerie',
];
const FR_STREET = [
  'de la Paix',
  'Victor Hugo',
  'Saint-Honoré',
  'de Rivoli',
  'des Lilas',
  'du Commerce',
  'de la République',
  'Jean Jaurès',
  'Pasteur',
  'Gambetta',
  'des Écoles',
  'du Moulin',
  'de la Liberté',
  'Foch',
];
const FR_STREET_TYPE = ['Rue', 'Avenue', 'Boulevard', 'Place', 'Quai'];

const ES_NAME = [
  'Sol',
  'Mar',
  'Plaza',
  'Alameda',
  'Palacio Real',
  'Jardín',
  'Puerta del Sol',
  'Mirador',
  'Arena',
  'Luna',
  'Brisa',
  'Olivo',
  'Carmen',
  'Isabel',
  'Goya',
  'Cervantes',
  'Santa Lucía',
  'San Miguel',
  'Las Palmas',
  'Catedral',
  'Colón',
  'Alcázar',
];
const ES_STREET = [
  'Mayor',
  'del Sol',
  'de la Paz',
  'San Juan',
  'Real',
  'de Colón',
  'del Mar',
  'de los Reyes',
  'Bolívar',
  'Libertad',
  'Hidalgo',
  'Juárez',
  'de la Constitución',
];
const ES_STREET_TYPE = ['Calle', 'Avenida', 'Paseo', 'Carrera'];

const PT_NAME = [
  'Mar Azul',
  'Solar',
  'Jardim',
  'Praia',
  'Ribeira',
  'Atlântico',
  'Estrela',
  'Aurora',
  'Lusitânia',
  'Tejo',
  'Copacabana Sul',
  'Ipê',
  'Girassol',
  'Farol',
];
const PT_STREET = [
  'Augusta',
  'da Liberdade',
  'das Flores',
  'do Comércio',
  'Dom Pedro II',
  'da Praia',
  'Sete de Setembro',
  'da Glória',
  'Paulista',
];

const IT_NAME = [
  'Bellavista',
  'Stella',
  'Sole',
  'Duomo',
  'Giardino',
  'Fontana',
  'Corso',
  'Vittoria',
  'Leonardo',
  'Medici',
  'Borgo Antico',
  'Aurora',
  'Belvedere',
  'Gardenia',
  'Miramare',
  'Ponte Vecchio',
  'Santa Croce',
  'Torre',
];
const IT_STREET = [
  'Roma',
  'Garibaldi',
  'Cavour',
  'Mazzini',
  'Dante',
  'Verdi',
  'del Corso',
  'Nazionale',
  'Vittorio Emanuele',
  'dei Mille',
  'San Marco',
  'della Repubblica',
];

const DE_NAME = [
  'Krone',
  'Post',
  'Adler',
  'Löwen',
  'Sonne',
  'Linde',
  'Stern',
  'Hirsch',
  'Alpenblick',
  'Bergblick',
  'Rosengarten',
  'Kaiserhof',
  'Lindenhof',
  'Seeblick',
  'Schwan',
  'Bären',
  'Tannenhof',
  'Residenz',
];
const DE_STREET = [
  'Haupt',
  'Bahnhof',
  'Linden',
  'Kirch',
  'Schiller',
  'Goethe',
  'Garten',
  'Berg',
  'Markt',
  'Friedrich',
  'Kaiser',
  'Wald',
  'Rosen',
  'Mühlen',
];

const NL_NAME = [
  'De Gracht',
  'De Tulp',
  'De Molen',
  'Kade',
  'De Brug',
  'De Zwaan',
  'Oranje',
  'Rembrandt',
  'Vondel',
  'Amstel Kade',
  'Keizers',
  'Prinsen',
];
const NL_STREET = [
  'Heren',
  'Keizers',
  'Prinsen',
  'Kerk',
  'Molen',
  'Brouwers',
  'Singel',
  'Markt',
  'Haven',
  'Linden',
];

const JA_NAME = [
  'Sakura',
  'Fuji',
  'Kaede',
  'Matsu',
  'Hana',
  'Tsuki',
  'Kaze',
  'Yama',
  'Umi',
  'Hoshi',
  'Midori',
  'Sora',
  'Shiro',
  'Kin',
  'Ume',
  'Take',
  'Momiji',
  'Hikari',
];

const AR_NAME = [
  'Noor',
  'Rawda',
  'Qasr',
  'Zahra',
  'Yasmin',
  'Nakheel',
  'Dana',
  'Sahara',
  'Lulu',
  'Marjan',
  'Waha',
  'Bustan',
  'Reem',
  'Amwaj',
  'Corniche',
  'Safir',
  'Rimal',
  'Manara',
];
const AR_STREET = [
  'Al Wasl',
  'Al Corniche',
  'Al Rashid',
  'Al Nahda',
  'King Faisal',
  'Al Salam',
  'Al Manara',
  'Al Jazira',
  'Al Safa',
  'Sheikh Zayed',
];

const IN_NAME = [
  'Shanti',
  'Ganga',
  'Kamal',
  'Neelam',
  'Sagar',
  'Kohinoor',
  'Chandra',
  'Suryodaya',
  'Raj Vilas',
  'Padmini',
  'Sitara',
  'Anand',
  'Saffron',
  'Heritage Haveli',
  'Moti Mahal',
  'Sunder',
  'Vasant',
  'Maurya',
];
const IN_STREET = [
  'Mahatma Gandhi',
  'Station',
  'Nehru',
  'Tilak',
  'Ashoka',
  'Lake',
  'Mall',
  'Temple',
  'Rajpath',
  'Sardar Patel',
  'Park',
  'Beach',
];

const TH_NAME = [
  'Sabai',
  'Chaba',
  'Mali',
  'Suan',
  'Rim Nam',
  'Lanna',
  'Siam',
  'Kiri',
  'Sukho',
  'Ruen',
  'Bua',
  'Chantra',
  'Phra Ram',
  'Nakara',
];
const ID_NAME = [
  'Bunga',
  'Segara',
  'Tirta',
  'Sari',
  'Dewi',
  'Melati',
  'Nusa',
  'Kembang',
  'Pantai',
  'Laut',
  'Matahari',
  'Taman',
  'Puri Indah',
  'Surya',
];
const TR_NAME = [
  'Lale',
  'Deniz',
  'Yıldız',
  'Güneş',
  'Saray',
  'Pera',
  'Ada',
  'Mavi',
  'Çınar',
  'Liman',
  'Sultan',
  'Galata',
  'Bosphorus',
  'Lotus',
];

const HOSTEL_ADJ = [
  'Happy',
  'Lazy',
  'Wandering',
  'Sleepy',
  'Flying',
  'Dancing',
  'Curious',
  'Jolly',
  'Hidden',
  'Rolling',
  'Wild',
  'Urban',
];
const HOSTEL_NOUN = [
  'Fox',
  'Owl',
  'Monkey',
  'Panda',
  'Gecko',
  'Turtle',
  'Backpack',
  'Bunk',
  'Nomad',
  'Compass',
  'Pelican',
  'Heron',
];
const CHAIN_SUFFIX = [
  'Centre',
  'Airport',
  'Riverside',
  'Old Town',
  'Station',
  'Downtown',
  'Bay',
  'Park',
  'Plaza',
  'West',
  'East',
  'North',
  'South',
  'Harbour',
  'Gardens',
];

export interface NameContext {
  countryCode: string;
  cityName: string;
  /** The hotel's neighbourhood or locality, when it has one. */
  areaName: string | null;
  propertyType: PropertyType;
  chain: Chain | null;
  kind: 'city' | 'beach' | 'ski';
}

function localName(rng: Rng, style: Style): string {
  switch (style) {
    case 'fr':
      return rng.chance(0.5) ? `Hôtel ${rng.pick(FR_NOUN)}` : `Hôtel ${rng.pick(FR_NAME)}`;
    case 'es':
      return `${rng.pick(['Hotel', 'Hotel', 'Hostal', 'Casa'])} ${rng.pick(ES_NAME)}`;
    case 'pt':
      return `${rng.pick(['Hotel', 'Hotel', 'Pousada', 'Casa'])} ${rng.pick(PT_NAME)}`;
    case 'it':
      return `${rng.pick(['Hotel', 'Hotel', 'Albergo', 'Palazzo', 'Locanda'])} ${rng.pick(IT_NAME)}`;
    case 'de': {
      const name = rng.pick(DE_NAME);
      return rng.chance(0.3) ? `Gasthof ${name}` : `Hotel ${name}`;
    }
    case 'nl':
      return `Hotel ${rng.pick(NL_NAME)}`;
    case 'ja':
      return rng.chance(0.5)
        ? `Hotel ${rng.pick(JA_NAME)}`
        : `${rng.pick(JA_NAME)} ${rng.pick(['Inn', 'Hotel', 'Stay'])}`;
    case 'ar':
      return rng.chance(0.5)
        ? `Al ${rng.pick(AR_NAME)} Hotel`
        : `${rng.pick(AR_NAME)} ${rng.pick(['Palace', 'Tower', 'Plaza'])} Hotel`;
    case 'in':
      return rng.chance(0.4)
        ? `Hotel ${rng.pick(IN_NAME)}`
        : `${rng.pick(IN_NAME)} ${rng.pick(['Residency', 'Inn', 'Palace', 'Grand', 'Regency'])}`;
    case 'th':
      return `${rng.pick(TH_NAME)} ${rng.pick(['Hotel', 'Place', 'House', 'Boutique'])}`;
    case 'id':
      return `${rng.pick(['Hotel', 'Puri', 'Griya'])} ${rng.pick(ID_NAME)}`;
    case 'tr':
      return rng.chance(0.5) ? `${rng.pick(TR_NAME)} Hotel` : `Otel ${rng.pick(TR_NAME)}`;
    default: {
      const roll = rng.next();
      if (roll < 3 / 7) return `${rng.pick(EN_ADJ)} ${rng.pick(EN_NOUN)} Hotel`;
      if (roll < 6 / 7) return `The ${rng.pick(EN_ADJ)} ${rng.pick(EN_NOUN)}`;
      return `Hotel ${rng.pick(EN_ADJ)}`;
    }
  }
}

/** A bare local name (no "Hotel"): for guest houses, resorts and boutique hotels. */
function plainName(rng: Rng, style: Style): string {
  switch (style) {
    case 'fr':
      return rng.pick(FR_NAME);
    case 'es':
      return rng.pick(ES_NAME);
    case 'pt':
      return rng.pick(PT_NAME);
    case 'it':
      return rng.pick(IT_NAME);
    case 'de':
      return rng.pick(DE_NAME);
    case 'nl':
      return rng.pick(NL_NAME);
    case 'ja':
      return rng.pick(JA_NAME);
    case 'ar':
      return rng.pick(AR_NAME);
    case 'in':
      return rng.pick(IN_NAME);
    case 'th':
      return rng.pick(TH_NAME);
    case 'id':
      return rng.pick(ID_NAME);
    case 'tr':
      return rng.pick(TR_NAME);
    default:
      return `${rng.pick(EN_ADJ)} ${rng.pick(EN_NOUN)}`;
  }
}

const VILLA_NAME = [
  'Serena',
  'Aurora',
  'Bianca',
  'Azzurra',
  'Paradiso',
  'Mimosa',
  'Oleander',
  'Bougainvillea',
  'Frangipani',
  'Casuarina',
  'Tamarind',
  'Coral',
  'Sunset',
  'Mango',
  'Cypress',
  'Olive Grove',
];
const CHAIN_STREET = [
  'Market Street',
  'Park Avenue',
  'Riverfront',
  'City Hall',
  'Convention Centre',
  'Cathedral',
  'University',
  'Old Port',
  'Central Station',
  'Financial District',
  'Arts District',
  'Waterfront',
  'Expo',
  'Stadium',
  'Medical Centre',
  'Lakeside',
  'Hillside',
  'Boulevard',
  'Marina',
  'Gateway',
];

function placeWord(rng: Rng, context: NameContext): string {
  return context.areaName && rng.chance(0.6) ? context.areaName : context.cityName;
}

function baseName(rng: Rng, context: NameContext): string {
  const style = styleOf(context.countryCode);
  const { chain, propertyType } = context;
  if (chain) {
    const brand = chain.name.replace(
      / (Hotels|Hoteles|Hostels|Resorts|Inns?|Lodges|Stays|Suites)$/,
      '',
    );
    const roll = rng.next();
    const suffix =
      roll < 0.4
        ? ''
        : roll < 0.65
          ? ` ${context.areaName ?? rng.pick(CHAIN_SUFFIX)}`
          : ` ${rng.pick(roll < 0.8 ? CHAIN_SUFFIX : CHAIN_STREET)}`;
    return `${brand} ${context.cityName}${suffix}`;
  }
  switch (propertyType) {
    case 'hostel':
      return `${rng.pick(HOSTEL_ADJ)} ${rng.pick(HOSTEL_NOUN)} Hostel`;
    case 'apartment':
      return rng.chance(0.5)
        ? `${placeWord(rng, context)} ${rng.pick(['Apartments', 'Residences', 'Lofts', 'City Flats'])}`
        : `${rng.pick(EN_ADJ)} ${rng.pick(['Apartments', 'Residences', 'Lofts'])}`;
    case 'aparthotel':
      return `${rng.pick(EN_ADJ)} ${rng.pick(['Aparthotel', 'Suites', 'Residence'])} ${placeWord(rng, context)}`;
    case 'guest_house':
      return style === 'fr'
        ? `Maison ${plainName(rng, style)}`
        : `${plainName(rng, style)} ${rng.pick(['Guest House', 'Guesthouse', 'Pension'])}`;
    case 'bed_and_breakfast':
      return `${rng.pick(EN_ADJ)} ${rng.pick(['Cottage', 'House', 'Nest', 'Corner'])} B&B`;
    case 'resort':
      return `${localName(rng, style)
        .replace(/^(Hotel|Hôtel|Otel|Albergo|Hostal) /, '')
        .replace(
          / Hotel$/,
          '',
        )} ${rng.pick(context.kind === 'ski' ? ['Mountain Resort', 'Alpine Resort'] : ['Beach Resort', 'Resort & Spa', 'Resort'])}`;
    case 'villa':
      return `Villa ${rng.pick(VILLA_NAME)}`;
    case 'motel':
      return `${rng.pick(EN_ADJ)} ${rng.pick(['Motel', 'Motor Inn'])}`;
    case 'ryokan':
      return rng.chance(0.5)
        ? `${rng.pick(JA_NAME)} Ryokan`
        : `Ryokan ${rng.pick(JA_NAME)}${rng.pick(['', '-an', '-tei', '-kan'])}`;
    case 'riad':
      return `Riad ${rng.pick(AR_NAME)}`;
    case 'boutique_hotel':
      return rng.chance(0.5)
        ? `${localName(rng, style)} ${placeWord(rng, context)}`
        : `The ${rng.pick(EN_ADJ)} ${rng.pick(['House', 'Room', 'Atelier', 'Loft'])}`;
    default: {
      const name = localName(rng, style);
      return rng.chance(0.25) ? `${name} ${placeWord(rng, context)}` : name;
    }
  }
}

const ROMAN = ['II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'];

const VARIANT = [
  'Centre',
  'Plaza',
  'Garden',
  'Suites',
  'Park',
  'Select',
  'Classic',
  'Deluxe',
  'Premier',
  'Annex',
  'Court',
  'View',
];

/** A name not yet used in the city (`taken` is the city's set of names). */
export function hotelName(rng: Rng, context: NameContext, taken: Set<string>): string {
  for (let attempt = 0; attempt < 10; attempt++) {
    let name = baseName(rng, context);
    // Small name spaces (a Spanish "Hotel Sol") fill up in big cities: vary them by place.
    if (attempt >= 3) {
      name = `${name} ${attempt % 2 === 1 ? placeWord(rng, context) : rng.pick(VARIANT)}`;
    }
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
  const name = baseName(rng, context);
  for (const numeral of ROMAN) {
    const candidate = `${name} ${numeral}`;
    if (!taken.has(candidate)) {
      taken.add(candidate);
      return candidate;
    }
  }
  // Practically never reached: the street makes it unique, the count if even that is taken.
  const fallback = `${name} ${rng.pick(CHAIN_STREET)} ${taken.size}`;
  taken.add(fallback);
  return fallback;
}

/** A street address in the local format, with the area name when the hotel has one. */
export function streetAddress(rng: Rng, countryCode: string, areaName: string | null): string {
  const n = rng.int(1, 240);
  const street = ((): string => {
    switch (styleOf(countryCode)) {
      case 'fr':
        return `${n} ${rng.pick(FR_STREET_TYPE)} ${rng.pick(FR_STREET)}`;
      case 'es':
        return `${rng.pick(ES_STREET_TYPE)} ${rng.pick(ES_STREET)}, ${n}`;
      case 'pt':
        return `${rng.pick(['Rua', 'Avenida', 'Travessa'])} ${rng.pick(PT_STREET)}, ${n}`;
      case 'it':
        return `${rng.pick(['Via', 'Via', 'Corso', 'Piazza'])} ${rng.pick(IT_STREET)}, ${n}`;
      case 'de':
        return `${rng.pick(DE_STREET)}${rng.pick(['straße', 'straße', 'gasse', 'weg', 'platz'])} ${n}`;
      case 'nl':
        return `${rng.pick(NL_STREET)}${rng.pick(['straat', 'gracht', 'kade', 'weg'])} ${n}`;
      case 'ja':
        return `${rng.int(1, 6)}-${rng.int(1, 30)}-${rng.int(1, 20)}`;
      case 'ar':
        return `${rng.pick(AR_STREET)} ${rng.pick(['Street', 'Road'])}, ${n}`;
      case 'in':
        return `${n}, ${rng.pick(IN_STREET)} ${rng.pick(['Road', 'Marg'])}`;
      case 'th':
        return `${n} Soi ${rng.int(1, 60)}`;
      case 'id':
        return `Jalan ${rng.pick(ID_NAME)} No. ${n}`;
      case 'tr':
        return `${rng.pick(TR_NAME)} Caddesi No: ${n}`;
      default:
        return `${n} ${rng.pick(EN_STREET)} ${rng.pick(EN_STREET_TYPE)}`;
    }
  })();
  return areaName ? `${street}, ${areaName}` : street;
}
