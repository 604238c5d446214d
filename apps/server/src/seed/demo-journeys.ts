import type { CreateJourneyBody, RoomKind } from '@tourdesk/contracts';
import { createJourney } from '../features/journeys/journeys.service.ts';
import type { DbContext } from '../types.ts';
import { addDays } from './factories.ts';
import { mailName } from './german-data.ts';
import { findBoardingPointIdsByName, findCountryIdsByIso, findDestinationIdsByName } from './seed.repository.ts';

/**
 * The demo's trip catalogue: 25 coach tours of a Saxon operator (city breaks, round trips, Advent markets,
 * musicals, hiking, river cruises, …) in the spec's trip categories, with German texts, itinerary days, a hotel
 * with room types, extras and 4–10 dates through 2027 with prices. Destinations and boarding points are the
 * catalogue's reference data (seeded before): they are found by name and left out where they do not exist.
 */
type Tour = {
  title: string;
  subtitle: string;
  code: string;
  /** id of the trip category (0–30) */
  category: number;
  destination?: string;
  countries: string[];
  catalog_state: number;
  bookable?: number;
  online: boolean;
  intro: string;
  highlights: string[];
  /** one entry per day: title and text; the number of days is the journey's length */
  days: Array<[title: string, text: string]>;
  hotel: { name: string; street?: string; zip?: string; city: string; country: string; stars: number; text: string };
  rooms: Array<[kind: RoomKind, rooms: number]>;
  /** euro per person in a double room, the single-room supplement, the child price (null: no child price) */
  price: [double: number, single: number, child: number | null];
  board: string;
  extras?: Array<{
    type: string;
    value: string;
    price: number;
    due?: 'once' | 'per_night' | 'per_person';
    required?: boolean;
    choice_group?: string;
  }>;
  starts: string[];
  route: keyof typeof ROUTES;
  tour_guide?: string;
  rating?: [rate: number, stars: number];
};

/** Where the bus picks travellers up, by direction of travel: boarding point name, time, surcharge in euro. */
const ROUTES = {
  south: [
    ['Dresden Hauptbahnhof, Bayrische Straße', '04:45', 0],
    ['Leipzig Hauptbahnhof, Ostseite', '05:00', 0],
    ['Chemnitz Busbahnhof', '06:00', 0],
    ['Zwickau Hauptbahnhof', '06:40', 0],
    ['Plauen, Oberer Bahnhof', '07:15', 10],
  ],
  north: [
    ['Chemnitz Busbahnhof', '05:00', 10],
    ['Dresden Hauptbahnhof, Bayrische Straße', '06:00', 0],
    ['Leipzig Hauptbahnhof, Ostseite', '07:30', 0],
    ['Delitzsch, Unterer Bahnhof', '08:00', 0],
  ],
  east: [
    ['Leipzig Hauptbahnhof, Ostseite', '06:00', 0],
    ['Chemnitz Busbahnhof', '06:15', 0],
    ['Dresden Hauptbahnhof, Bayrische Straße', '07:30', 0],
    ['Pirna, ZOB', '08:00', 0],
  ],
  west: [
    ['Dresden Hauptbahnhof, Bayrische Straße', '04:30', 0],
    ['Chemnitz Busbahnhof', '05:30', 0],
    ['Leipzig Hauptbahnhof, Ostseite', '05:30', 0],
    ['Zwickau Hauptbahnhof', '06:15', 0],
  ],
} as const;

const BASIC_SERVICES = [
  'Fahrt im modernen Fernreisebus mit Klimaanlage, WC und Bordküche',
  'Reisebegleitung ab/bis Sachsen',
];

const html = {
  list: (items: readonly string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`,
  p: (text: string) => `<p>${text}</p>`,
};

export const DEMO_TOURS: Tour[] = [
  {
    title: 'Frühling am Gardasee',
    subtitle: 'Zitronengärten, Olivenhaine und Seeblick',
    code: 'GAR27',
    category: 16,
    destination: 'Gardasee',
    countries: ['IT'],
    catalog_state: 4,
    online: true,
    intro:
      'Wenn am Gardasee die Zitronen blühen, beginnt die schönste Reisezeit. Sie wohnen direkt am Nordufer in Riva und entdecken Sirmione, Malcesine und die Weinberge von Bardolino.',
    highlights: ['Bootsfahrt nach Sirmione', 'Seilbahn auf den Monte Baldo', 'Weinprobe in Bardolino'],
    days: [
      ['Anreise', 'Fahrt über München und den Brenner an den Gardasee. Abendessen im Hotel.'],
      ['Sirmione', 'Mit dem Schiff nach Sirmione mit der Scaligerburg und den Grotten des Catull.'],
      ['Malcesine und Monte Baldo', 'Bummel durch Malcesine, mit der Seilbahn auf den Monte Baldo (fakultativ).'],
      ['Bardolino', 'Freier Vormittag, nachmittags Weinprobe in einem Familienweingut.'],
      ['Heimreise', 'Nach dem Frühstück Heimreise über den Brenner.'],
    ],
    hotel: {
      name: 'Hotel Bella Riva',
      street: 'Viale Rovereto 15',
      zip: '38066',
      city: 'Riva del Garda',
      country: 'Italien',
      stars: 4,
      text: 'Familiengeführtes Hotel an der Seepromenade mit Pool, Garten und Wellnessbereich.',
    },
    rooms: [
      ['double', 18],
      ['single', 6],
      ['triple', 2],
    ],
    price: [649, 120, 399],
    board: '4 Übernachtungen mit Halbpension',
    extras: [
      { type: 'Ausflug', value: 'Seilbahn Monte Baldo', price: 27 },
      { type: 'Versicherung', value: 'Reiserücktrittsversicherung', price: 29, due: 'once' },
    ],
    starts: ['2027-03-29', '2027-04-19', '2027-05-10', '2027-05-31', '2027-09-13', '2027-10-04'],
    route: 'south',
    tour_guide: 'Claudia Seidel',
    rating: [96, 4.5],
  },
  {
    title: 'Insel Rügen – Kreidefelsen und Bäderarchitektur',
    subtitle: 'Binz, Sellin und der Königsstuhl',
    code: 'RUE27',
    category: 13,
    destination: 'Rügen',
    countries: ['DE'],
    catalog_state: 4,
    online: true,
    intro:
      'Deutschlands größte Insel mit weißen Kreidefelsen, Buchenwäldern und prächtigen Seebädern. Mit dem „Rasenden Roland“ und dem Schiff erleben Sie Rügen von seiner schönsten Seite.',
    highlights: ['Nationalpark Jasmund mit dem Königsstuhl', 'Fahrt mit dem „Rasenden Roland“', 'Seebrücke Sellin'],
    days: [
      ['Anreise nach Binz', 'Fahrt über Berlin und Stralsund auf die Insel. Strandspaziergang in Binz.'],
      ['Jasmund', 'Nationalpark Jasmund mit Königsstuhl und Schiffsfahrt entlang der Kreideküste.'],
      ['Rasender Roland', 'Mit der Schmalspurbahn von Binz nach Göhren, Bummel über die Seebrücke Sellin.'],
      ['Kap Arkona', 'Leuchttürme am Kap Arkona und das Fischerdorf Vitt.'],
      ['Heimreise', 'Nach dem Frühstück Heimreise mit Halt in Stralsund.'],
    ],
    hotel: {
      name: 'Strandhotel Binz',
      street: 'Strandpromenade 40',
      zip: '18609',
      city: 'Ostseebad Binz',
      country: 'Deutschland',
      stars: 4,
      text: 'Weißes Bäderstil-Hotel direkt an der Strandpromenade mit Schwimmbad und Sauna.',
    },
    rooms: [
      ['double', 20],
      ['single', 8],
    ],
    price: [589, 110, 349],
    board: '4 Übernachtungen mit Halbpension',
    extras: [{ type: 'Eintritt', value: 'Nationalpark-Zentrum Königsstuhl', price: 12.5 }],
    starts: ['2027-05-03', '2027-06-07', '2027-07-05', '2027-08-02', '2027-08-30', '2027-09-20', '2027-10-11'],
    route: 'north',
    rating: [94, 4.5],
  },
  {
    title: 'Salzburger Adventsingen',
    subtitle: 'Christkindlmarkt, Hellbrunn und das Adventsingen im Festspielhaus',
    code: 'SAL-ADV',
    category: 0,
    destination: 'Salzburger Land',
    countries: ['AT'],
    catalog_state: 4,
    online: true,
    intro:
      'Die Mozartstadt im Lichterglanz: Christkindlmarkt auf dem Domplatz, der Adventzauber in Hellbrunn und das berühmte Salzburger Adventsingen im Großen Festspielhaus.',
    highlights: ['Karte für das Salzburger Adventsingen', 'Adventzauber Hellbrunn', 'Stadtführung durch die Altstadt'],
    days: [
      ['Anreise', 'Fahrt nach Salzburg, abends Bummel über den Christkindlmarkt.'],
      ['Adventsingen', 'Stadtführung, nachmittags das Salzburger Adventsingen im Großen Festspielhaus.'],
      ['Hellbrunn und Heimreise', 'Besuch des Adventzaubers in Hellbrunn, danach Heimreise.'],
    ],
    hotel: {
      name: 'Hotel Mirabell',
      street: 'Rainerstraße 21',
      zip: '5020',
      city: 'Salzburg',
      country: 'Österreich',
      stars: 4,
      text: 'Zentral gelegenes Stadthotel, zehn Gehminuten von der Altstadt.',
    },
    rooms: [
      ['double', 22],
      ['single', 6],
    ],
    price: [479, 85, null],
    board: '2 Übernachtungen mit Frühstück, 1 Abendessen',
    extras: [{ type: 'Kategorie', value: 'Karte 1. Kategorie Adventsingen', price: 35 }],
    starts: ['2026-11-27', '2026-12-04', '2026-12-11', '2027-11-26', '2027-12-03', '2027-12-10'],
    route: 'south',
  },
  {
    title: 'Paris – Stadt der Lichter',
    subtitle: 'Eiffelturm, Montmartre und Seine-Schifffahrt',
    code: 'PAR27',
    category: 24,
    destination: 'Paris',
    countries: ['FR'],
    catalog_state: 4,
    online: true,
    intro:
      'Paris in fünf Tagen: eine Stadtrundfahrt zu allen Sehenswürdigkeiten, Montmartre mit Sacré-Cœur, eine Seine-Schifffahrt bei Nacht und ein Ausflug nach Versailles.',
    highlights: ['Seine-Schifffahrt bei Nacht', 'Montmartre mit Sacré-Cœur', 'Schloss Versailles (fakultativ)'],
    days: [
      ['Anreise', 'Fahrt über Frankfurt und Reims nach Paris.'],
      ['Stadtrundfahrt', 'Eiffelturm, Champs-Élysées, Notre-Dame; abends Seine-Schifffahrt.'],
      ['Montmartre', 'Spaziergang durch das Künstlerviertel, Nachmittag zur freien Verfügung.'],
      ['Versailles', 'Ausflug zum Schloss Versailles mit Gärten (fakultativ).'],
      ['Heimreise', 'Heimreise nach dem Frühstück.'],
    ],
    hotel: {
      name: 'Hôtel Lafayette Opéra',
      city: 'Paris',
      country: 'Frankreich',
      stars: 3,
      text: 'Gut gelegenes Mittelklassehotel nahe der Oper, Metro vor der Tür.',
    },
    rooms: [
      ['double', 20],
      ['twin', 6],
      ['single', 5],
    ],
    price: [699, 195, 449],
    board: '4 Übernachtungen mit Frühstück',
    extras: [
      { type: 'Ausflug', value: 'Schloss Versailles mit Eintritt', price: 49 },
      { type: 'Ausflug', value: 'Abend im Moulin Rouge', price: 139 },
    ],
    starts: ['2027-04-07', '2027-05-12', '2027-06-16', '2027-07-21', '2027-09-08', '2027-10-13'],
    route: 'west',
    tour_guide: 'Marc Lefèvre',
    rating: [92, 4.5],
  },
  {
    title: 'Wien – Walzer, Kaffeehaus und Hofburg',
    subtitle: 'Schönbrunn, Prater und ein Abend beim Heurigen',
    code: 'WIE27',
    category: 9,
    destination: 'Wien',
    countries: ['AT'],
    catalog_state: 4,
    online: true,
    intro:
      'Kaiserliches Wien: Schloss Schönbrunn, die Hofburg, der Stephansdom – und dazwischen Melange und Sachertorte im Kaffeehaus. Ein Abend beim Heurigen in Grinzing rundet die Reise ab.',
    highlights: ['Schloss Schönbrunn', 'Heurigenabend in Grinzing', 'Stadtführung mit Stephansdom'],
    days: [
      ['Anreise', 'Fahrt über Prag und Brünn nach Wien.'],
      ['Stadtrundfahrt', 'Ringstraße, Hofburg, Stephansdom; nachmittags Kaffeehausbesuch.'],
      ['Schönbrunn', 'Führung durch Schloss Schönbrunn, abends Heurigen in Grinzing.'],
      ['Heimreise', 'Heimreise nach dem Frühstück.'],
    ],
    hotel: {
      name: 'Hotel am Konzerthaus',
      street: 'Am Heumarkt 35',
      zip: '1030',
      city: 'Wien',
      country: 'Österreich',
      stars: 4,
      text: 'Modernes Hotel am Stadtpark, wenige Schritte zur Ringstraße.',
    },
    rooms: [
      ['double', 20],
      ['single', 6],
    ],
    price: [549, 120, 329],
    board: '3 Übernachtungen mit Frühstück, 1 Heurigenabend',
    extras: [{ type: 'Eintritt', value: 'Spanische Hofreitschule, Morgenarbeit', price: 18 }],
    starts: ['2027-03-18', '2027-04-22', '2027-05-20', '2027-06-24', '2027-09-16', '2027-10-21', '2027-11-11'],
    route: 'east',
    rating: [95, 4.5],
  },
  {
    title: 'Südtiroler Bergsommer',
    subtitle: 'Wandern in den Dolomiten rund um Seiser Alm und Rosengarten',
    code: 'SUE-WAN',
    category: 27,
    destination: 'Südtirol',
    countries: ['IT'],
    catalog_state: 4,
    online: true,
    intro:
      'Sieben Tage in den Dolomiten: geführte Wanderungen über die Seiser Alm, zum Rosengarten und durch die Weinberge um Bozen. Für geübte Wanderer mit Trittsicherheit.',
    highlights: ['Geführte Wanderungen (4–6 Stunden)', 'Seiser Alm', 'Törggelen-Abend'],
    days: [
      ['Anreise', 'Fahrt über München und den Brenner ins Eisacktal.'],
      ['Seiser Alm', 'Mit der Umlaufbahn auf die Seiser Alm, Wanderung zur Hartl-Hütte.'],
      ['Rosengarten', 'Wanderung unter den Felswänden des Rosengartens zum Karersee.'],
      ['Freier Tag', 'Tag zur freien Verfügung, Wellnessbereich des Hotels.'],
      ['Villnößtal', 'Wanderung mit Blick auf die Geislerspitzen.'],
      ['Bozen', 'Stadtbummel in Bozen, abends Törggelen.'],
      ['Heimreise', 'Heimreise nach dem Frühstück.'],
    ],
    hotel: {
      name: 'Berghotel Schlernblick',
      zip: '39050',
      city: 'Völs am Schlern',
      country: 'Italien',
      stars: 4,
      text: 'Wanderhotel mit Blick auf den Schlern, Hallenbad und Saunalandschaft.',
    },
    rooms: [
      ['double', 16],
      ['single', 6],
      ['family', 2],
    ],
    price: [949, 140, 590],
    board: '6 Übernachtungen mit Dreiviertelpension',
    extras: [{ type: 'Leihgerät', value: 'Wanderstöcke', price: 10, due: 'once' }],
    starts: ['2027-06-05', '2027-06-26', '2027-07-17', '2027-08-07', '2027-08-28', '2027-09-18'],
    route: 'south',
    tour_guide: 'Martin Gruber',
    rating: [98, 5],
  },
  {
    title: 'Musicalreise Hamburg',
    subtitle: 'Ein Abend im Musicaltheater im Hafen',
    code: 'HAM-MUS',
    category: 12,
    countries: ['DE'],
    catalog_state: 4,
    online: true,
    intro:
      'Zwei Tage Hamburg mit Musical am Abend: Hafenrundfahrt, Elbphilharmonie-Plaza und eine Vorstellung in einem der großen Musicaltheater an der Elbe.',
    highlights: ['Musicalkarte Preiskategorie 2', 'Hafenrundfahrt', 'Elbphilharmonie-Plaza'],
    days: [
      ['Hafen und Musical', 'Fahrt nach Hamburg, Hafenrundfahrt, abends Musicalvorstellung.'],
      ['Speicherstadt und Heimreise', 'Spaziergang durch Speicherstadt und HafenCity, dann Heimreise.'],
    ],
    hotel: {
      name: 'Hotel Hafenblick',
      city: 'Hamburg',
      country: 'Deutschland',
      stars: 3,
      text: 'Stadthotel mit Blick auf die Landungsbrücken.',
    },
    rooms: [
      ['double', 24],
      ['single', 6],
    ],
    price: [329, 60, 259],
    board: '1 Übernachtung mit Frühstück',
    extras: [{ type: 'Kategorie', value: 'Aufpreis Preiskategorie 1', price: 40 }],
    starts: [
      '2027-01-16',
      '2027-02-20',
      '2027-03-13',
      '2027-04-17',
      '2027-05-15',
      '2027-09-25',
      '2027-10-23',
      '2027-11-20',
    ],
    route: 'north',
  },
  {
    title: 'Donau-Flusskreuzfahrt Passau – Wien – Budapest',
    subtitle: 'Acht Tage an Bord der MS Donauperle',
    code: 'DON-FK',
    category: 6,
    destination: 'Wien',
    countries: ['AT', 'HU', 'SK'],
    catalog_state: 4,
    online: true,
    intro:
      'Mit dem Bus nach Passau und an Bord: durch die Wachau nach Wien, Bratislava und Budapest. Vollpension an Bord, deutschsprachige Reiseleitung und Landgänge in allen Häfen.',
    highlights: ['Wachau mit Stift Melk', 'Budapest bei Nacht vom Schiff', 'Vollpension an Bord'],
    days: [
      ['Anreise und Einschiffung', 'Busfahrt nach Passau, Einschiffung am Nachmittag.'],
      ['Wachau', 'Stift Melk und Dürnstein.'],
      ['Wien', 'Stadtrundfahrt in Wien.'],
      ['Bratislava', 'Altstadtführung in Bratislava.'],
      ['Budapest', 'Stadtrundfahrt, abends Lichterfahrt auf der Donau.'],
      ['Esztergom', 'Basilika von Esztergom.'],
      ['Linz', 'Freizeit in Linz.'],
      ['Ausschiffung und Heimreise', 'Ausschiffung in Passau, Busfahrt nach Hause.'],
    ],
    hotel: {
      name: 'MS Donauperle',
      city: 'Passau',
      country: 'Deutschland',
      stars: 4,
      text: 'Flussschiff mit 80 Außenkabinen, Sonnendeck und Panoramarestaurant.',
    },
    rooms: [
      ['double', 30],
      ['single', 8],
    ],
    price: [1299, 390, null],
    board: '7 Nächte an Bord mit Vollpension',
    extras: [
      { type: 'Kabine', value: 'Aufpreis Oberdeck mit französischem Balkon', price: 240 },
      { type: 'Trinkgeld', value: 'Trinkgeldpauschale Besatzung', price: 56, required: true },
    ],
    starts: ['2027-04-25', '2027-05-23', '2027-06-20', '2027-08-15', '2027-09-12'],
    route: 'south',
    rating: [93, 4.5],
  },
  {
    title: 'Weihnachtsmärkte im Elsass',
    subtitle: 'Straßburg, Colmar und Riquewihr im Lichterglanz',
    code: 'ELS-ADV',
    category: 0,
    destination: 'Elsass',
    countries: ['FR'],
    catalog_state: 3,
    online: true,
    intro:
      'Die ältesten Weihnachtsmärkte Frankreichs: der Christkindelsmärik in Straßburg, das märchenhafte Colmar und die Weindörfer an der Elsässer Weinstraße.',
    highlights: ['Christkindelsmärik Straßburg', 'Colmar mit Klein-Venedig', 'Elsässer Flammkuchenabend'],
    days: [
      ['Anreise', 'Fahrt über Frankfurt nach Straßburg.'],
      ['Straßburg', 'Münster, Petite France und Weihnachtsmarkt.'],
      ['Colmar und Riquewihr', 'Weihnachtsmärkte in Colmar und Riquewihr, abends Flammkuchen.'],
      ['Heimreise', 'Heimreise nach dem Frühstück.'],
    ],
    hotel: {
      name: 'Hôtel Les Vosges',
      city: 'Obernai',
      country: 'Frankreich',
      stars: 3,
      text: 'Gemütliches Hotel im Fachwerkstädtchen Obernai.',
    },
    rooms: [
      ['double', 20],
      ['single', 6],
    ],
    price: [499, 90, 299],
    board: '3 Übernachtungen mit Frühstück, 1 Flammkuchenabend',
    starts: ['2026-11-26', '2026-12-03', '2026-12-10', '2027-11-25', '2027-12-02', '2027-12-09'],
    route: 'west',
  },
  {
    title: 'Prag – Goldene Stadt an der Moldau',
    subtitle: 'Burg, Karlsbrücke und böhmische Küche',
    code: 'PRA27',
    category: 11,
    destination: 'Prag',
    countries: ['CZ'],
    catalog_state: 4,
    online: true,
    intro:
      'Nur gut zwei Busstunden von Dresden: die Prager Burg, die Karlsbrücke, die Altstadt mit der Astronomischen Uhr und ein Abend mit böhmischer Küche und Musik.',
    highlights: ['Prager Burg und Veitsdom', 'Moldau-Schifffahrt mit Mittagessen', 'Böhmischer Abend'],
    days: [
      ['Anreise und Altstadt', 'Fahrt nach Prag, Altstadtführung mit Astronomischer Uhr.'],
      ['Prager Burg', 'Führung auf dem Hradschin, Moldau-Schifffahrt.'],
      ['Freizeit', 'Freier Tag, abends böhmisches Essen mit Musik.'],
      ['Heimreise', 'Heimreise nach dem Frühstück.'],
    ],
    hotel: {
      name: 'Hotel Moldaublick',
      city: 'Prag',
      country: 'Tschechien',
      stars: 4,
      text: 'Hotel am Moldauufer, 15 Gehminuten zur Karlsbrücke.',
    },
    rooms: [
      ['double', 22],
      ['single', 6],
    ],
    price: [389, 90, 249],
    board: '3 Übernachtungen mit Frühstück, 1 Abendessen',
    starts: ['2027-02-25', '2027-03-25', '2027-04-29', '2027-06-10', '2027-08-26', '2027-09-30', '2027-12-02'],
    route: 'east',
    rating: [91, 4],
  },
  {
    title: 'Toskana – Florenz, Siena und San Gimignano',
    subtitle: 'Kunst, Zypressen und Chianti',
    code: 'TOS-STU',
    category: 25,
    destination: 'Toskana',
    countries: ['IT'],
    catalog_state: 4,
    online: true,
    intro:
      'Studienreise mit Kunsthistorikerin: die Uffizien in Florenz, der Dom von Siena, die Geschlechtertürme von San Gimignano und eine Weinprobe im Chianti.',
    highlights: ['Uffizien mit reservierter Einlasszeit', 'Dom von Siena', 'Weinprobe im Chianti'],
    days: [
      ['Anreise', 'Fahrt bis Südtirol, Zwischenübernachtung in Bozen.'],
      ['Weiter in die Toskana', 'Über Verona und Bologna nach Montecatini Terme.'],
      ['Florenz', 'Dom, Baptisterium und Uffizien.'],
      ['Siena', 'Piazza del Campo und Dom.'],
      ['San Gimignano und Chianti', 'Geschlechtertürme, nachmittags Weinprobe.'],
      ['Lucca und Pisa', 'Stadtmauer von Lucca, Schiefer Turm von Pisa.'],
      ['Rückreise', 'Fahrt bis Südtirol, Zwischenübernachtung.'],
      ['Heimreise', 'Heimreise über den Brenner.'],
    ],
    hotel: {
      name: 'Grand Hotel Montecatini',
      city: 'Montecatini Terme',
      country: 'Italien',
      stars: 4,
      text: 'Traditionshaus im Kurort Montecatini mit Garten und Pool.',
    },
    rooms: [
      ['double', 18],
      ['single', 8],
    ],
    price: [1249, 230, null],
    board: '7 Übernachtungen mit Halbpension',
    extras: [{ type: 'Eintritt', value: 'Eintrittspaket Uffizien, Dom Siena', price: 45, required: true }],
    starts: ['2027-04-10', '2027-05-08', '2027-09-11', '2027-10-09'],
    route: 'south',
    tour_guide: 'Dr. Susanne Albrecht',
    rating: [97, 5],
  },
  {
    title: 'Bodensee-Radtour',
    subtitle: 'Rund um den See durch drei Länder',
    code: 'BOD-RAD',
    category: 4,
    destination: 'Bodensee',
    countries: ['DE', 'AT', 'CH'],
    catalog_state: 2,
    online: true,
    intro:
      'Rund 260 Kilometer in fünf Etappen um den Bodensee, flach und gut ausgeschildert. Das Gepäck reist im Bus mit, die Räder im Anhänger.',
    highlights: ['Radanhänger für eigene Räder', 'Gepäcktransport', 'Schifffahrt Romanshorn – Friedrichshafen'],
    days: [
      ['Anreise', 'Fahrt nach Konstanz, Begrüßungsabend.'],
      ['Konstanz – Stein am Rhein', 'Am Untersee entlang nach Stein am Rhein (45 km).'],
      ['Stein am Rhein – Romanshorn', 'Über Kreuzlingen ans Schweizer Ufer (55 km).'],
      ['Romanshorn – Bregenz', 'Über Rorschach nach Bregenz (50 km).'],
      ['Bregenz – Meersburg', 'Über Lindau und Friedrichshafen (60 km).'],
      ['Heimreise', 'Heimreise nach dem Frühstück.'],
    ],
    hotel: {
      name: 'Radhotel Seeufer',
      city: 'Konstanz',
      country: 'Deutschland',
      stars: 3,
      text: 'Radfreundliches Hotel mit abschließbarer Radgarage.',
    },
    rooms: [
      ['double', 16],
      ['single', 8],
    ],
    price: [879, 150, null],
    board: '5 Übernachtungen mit Halbpension',
    extras: [{ type: 'Leihrad', value: 'E-Bike für die ganze Tour', price: 149, due: 'once', choice_group: 'Rad' }],
    starts: ['2027-05-16', '2027-06-13', '2027-07-11', '2027-08-22'],
    route: 'south',
  },
  {
    title: 'Nordsee-Inselhüpfen',
    subtitle: 'Sylt, Föhr und Amrum mit dem Schiff',
    code: 'NOR-INS',
    category: 17,
    destination: 'Nordsee',
    countries: ['DE'],
    catalog_state: 4,
    online: true,
    intro:
      'Von Husum aus mit dem Schiff zu den nordfriesischen Inseln: Dünen auf Amrum, Friesendörfer auf Föhr und das mondäne Sylt. Dazu Halligen und Seehundbänke.',
    highlights: ['Schifffahrt zu den Seehundbänken', 'Inselrundfahrt Sylt', 'Kniepsand auf Amrum'],
    days: [
      ['Anreise', 'Fahrt nach Husum, Stadtbummel in der „grauen Stadt am Meer“.'],
      ['Amrum und Föhr', 'Mit dem Schiff nach Amrum und Föhr.'],
      ['Sylt', 'Über den Hindenburgdamm nach Sylt, Inselrundfahrt.'],
      ['Halligen', 'Schifffahrt zur Hallig Hooge und zu den Seehundbänken.'],
      ['Heimreise', 'Heimreise nach dem Frühstück.'],
    ],
    hotel: {
      name: 'Hotel Theodor Storm',
      city: 'Husum',
      country: 'Deutschland',
      stars: 3,
      text: 'Traditionshotel am Husumer Binnenhafen.',
    },
    rooms: [
      ['double', 20],
      ['single', 6],
    ],
    price: [729, 100, 459],
    board: '4 Übernachtungen mit Halbpension',
    starts: ['2027-05-24', '2027-06-21', '2027-07-19', '2027-08-16', '2027-09-06'],
    route: 'north',
  },
  {
    title: 'Ostseebad Kühlungsborn',
    subtitle: 'Eine Woche Erholung am Meer',
    code: 'KUE-BAD',
    category: 1,
    destination: 'Ostsee',
    countries: ['DE'],
    catalog_state: 4,
    online: true,
    intro:
      'Sieben Tage Strand, Seeluft und Bäderarchitektur: Kühlungsborn mit der längsten Strandpromenade Deutschlands, ein Ausflug nach Wismar und eine Fahrt mit der Molli-Bahn.',
    highlights: ['Hotel direkt an der Strandpromenade', 'Molli-Bahn nach Bad Doberan', 'Hansestadt Wismar'],
    days: [
      ['Anreise', 'Fahrt an die Ostsee.'],
      ['Kühlungsborn', 'Freier Tag am Strand.'],
      ['Molli-Bahn', 'Mit der Dampfbahn nach Bad Doberan, Besuch des Münsters.'],
      ['Wismar', 'Ausflug in die Hansestadt Wismar.'],
      ['Freier Tag', 'Tag zur freien Verfügung.'],
      ['Warnemünde', 'Hafen, Leuchtturm und Alter Strom in Warnemünde.'],
      ['Heimreise', 'Heimreise nach dem Frühstück.'],
    ],
    hotel: {
      name: 'Ostseehotel Kühlungsborn',
      street: 'Ostseeallee 12',
      zip: '18225',
      city: 'Kühlungsborn',
      country: 'Deutschland',
      stars: 4,
      text: 'Hotel an der Strandpromenade mit Meerblickzimmern und Spa.',
    },
    rooms: [
      ['double', 20],
      ['single', 8],
      ['family', 3],
    ],
    price: [899, 160, 499],
    board: '6 Übernachtungen mit Halbpension',
    extras: [{ type: 'Zimmer', value: 'Zuschlag Meerblick', price: 15, due: 'per_night' }],
    starts: ['2027-05-30', '2027-06-20', '2027-07-11', '2027-08-01', '2027-08-22', '2027-09-12'],
    route: 'north',
    rating: [90, 4],
  },
  {
    title: 'Blumeninsel Mainau und Gärten am Bodensee',
    subtitle: 'Tulpen, Rosen und Dahlien',
    code: 'MAI-GAR',
    category: 7,
    destination: 'Bodensee',
    countries: ['DE'],
    catalog_state: 4,
    online: true,
    intro:
      'Drei Tage für Gartenfreunde: die Blumeninsel Mainau, die Gemüseinsel Reichenau und die Gärten von Schloss Arenenberg.',
    highlights: ['Eintritt Insel Mainau', 'Klostergärten Reichenau', 'Schifffahrt auf dem Überlinger See'],
    days: [
      ['Anreise und Reichenau', 'Fahrt an den Bodensee, Nachmittag auf der Reichenau.'],
      ['Mainau', 'Ganztägig auf der Blumeninsel Mainau.'],
      ['Arenenberg und Heimreise', 'Schlossgarten Arenenberg, danach Heimreise.'],
    ],
    hotel: {
      name: 'Hotel Seegarten',
      city: 'Überlingen',
      country: 'Deutschland',
      stars: 3,
      text: 'Hotel am Überlinger Seeufer mit eigenem Garten.',
    },
    rooms: [
      ['double', 18],
      ['single', 8],
    ],
    price: [439, 60, null],
    board: '2 Übernachtungen mit Halbpension',
    starts: ['2027-04-23', '2027-05-07', '2027-06-18', '2027-07-16', '2027-09-03'],
    route: 'south',
  },
  {
    title: 'Mosel – Wein und Burgen',
    subtitle: 'Cochem, Bernkastel-Kues und die Reichsburg',
    code: 'MOS-WEI',
    category: 28,
    countries: ['DE'],
    catalog_state: 4,
    online: true,
    intro:
      'Die Mosel zur Weinlese: Weinproben bei Winzern, eine Schifffahrt durch die Moselschleifen und die Reichsburg hoch über Cochem.',
    highlights: ['Zwei Weinproben', 'Moselschifffahrt', 'Burg Eltz'],
    days: [
      ['Anreise', 'Fahrt an die Mosel, abends Weinprobe.'],
      ['Cochem', 'Reichsburg und Schifffahrt nach Beilstein.'],
      ['Burg Eltz und Bernkastel', 'Burg Eltz, nachmittags Bernkastel-Kues mit Weinprobe.'],
      ['Heimreise', 'Heimreise nach dem Frühstück.'],
    ],
    hotel: {
      name: 'Weinhotel Moselblick',
      city: 'Cochem',
      country: 'Deutschland',
      stars: 3,
      text: 'Familiengeführtes Haus mit eigenem Weingut.',
    },
    rooms: [
      ['double', 20],
      ['single', 5],
    ],
    price: [519, 75, null],
    board: '3 Übernachtungen mit Halbpension',
    starts: ['2027-05-06', '2027-06-17', '2027-08-19', '2027-09-23', '2027-10-07', '2027-10-21'],
    route: 'west',
  },
  {
    title: 'Wellness im Bayerischen Wald',
    subtitle: 'Fünf Tage Entspannung mit Massage',
    code: 'BAY-WEL',
    category: 29,
    countries: ['DE'],
    catalog_state: 4,
    online: true,
    intro:
      'Durchatmen im Nationalpark Bayerischer Wald: ein Wellnesshotel mit Bäderlandschaft, zwei Anwendungen inklusive und ein Ausflug zum Baumwipfelpfad.',
    highlights: ['Zwei Massagen inklusive', 'Baumwipfelpfad Neuschönau', 'Bäder- und Saunalandschaft'],
    days: [
      ['Anreise', 'Fahrt in den Bayerischen Wald.'],
      ['Wellness', 'Tag im Spa, erste Massage.'],
      ['Baumwipfelpfad', 'Ausflug zum Baumwipfelpfad im Nationalpark.'],
      ['Wellness', 'Zweite Massage, Nachmittag zur freien Verfügung.'],
      ['Heimreise', 'Heimreise nach dem Frühstück.'],
    ],
    hotel: {
      name: 'Wellnesshotel Waldesruh',
      city: 'Sankt Englmar',
      country: 'Deutschland',
      stars: 4,
      text: 'Wellnesshotel mit 2.000 m² Spa, Hallenbad und Außenpool.',
    },
    rooms: [
      ['double', 16],
      ['single', 8],
    ],
    price: [749, 100, null],
    board: '4 Übernachtungen mit Verwöhnpension',
    extras: [{ type: 'Anwendung', value: 'Hot-Stone-Massage (60 Minuten)', price: 69 }],
    starts: ['2027-01-10', '2027-02-14', '2027-03-14', '2027-10-17', '2027-11-14'],
    route: 'south',
  },
  {
    title: 'Frühlingserwachen im Spreewald',
    subtitle: 'Kahnfahrt, Gurken und Sorbische Bräuche – in ruhigem Tempo',
    code: 'SPR-SEN',
    category: 19,
    countries: ['DE'],
    catalog_state: 4,
    online: true,
    intro:
      'Eine Reise in ruhigem Tempo mit kurzen Wegen: Kahnfahrt durch die Fließe, Gurkenmuseum in Lehde und ein Besuch in Cottbus mit dem Branitzer Park.',
    highlights: ['Kahnfahrt mit Mittagessen', 'Freilandmuseum Lehde', 'Branitzer Park'],
    days: [
      ['Anreise', 'Kurze Fahrt in den Spreewald, Kaffee und Kuchen.'],
      ['Kahnfahrt', 'Vierstündige Kahnfahrt nach Lehde mit Mittagessen.'],
      ['Cottbus', 'Branitzer Park und Altstadt von Cottbus.'],
      ['Heimreise', 'Heimreise nach dem Frühstück.'],
    ],
    hotel: {
      name: 'Spreewaldhotel Lübbenau',
      city: 'Lübbenau',
      country: 'Deutschland',
      stars: 3,
      text: 'Ruhiges Hotel mit Aufzug, nah am Hafen.',
    },
    rooms: [
      ['double', 18],
      ['single', 10],
    ],
    price: [399, 60, null],
    board: '3 Übernachtungen mit Halbpension',
    starts: ['2027-04-12', '2027-04-26', '2027-05-10', '2027-05-24', '2027-06-07', '2027-09-13'],
    route: 'north',
  },
  {
    title: 'Winterzauber im Salzburger Land',
    subtitle: 'Pferdeschlittenfahrt und Winterwandern in Zell am See',
    code: 'ZEL-WIN',
    category: 30,
    destination: 'Salzburger Land',
    countries: ['AT'],
    catalog_state: 4,
    online: true,
    intro:
      'Verschneite Berge, ein zugefrorener See und eine Pferdeschlittenfahrt: Winterurlaub ohne Ski in Zell am See und Kaprun.',
    highlights: ['Pferdeschlittenfahrt', 'Gletscherbahn Kitzsteinhorn', 'Winterwanderungen'],
    days: [
      ['Anreise', 'Fahrt nach Zell am See.'],
      ['Zell am See', 'Winterwanderung am See, abends Pferdeschlittenfahrt.'],
      ['Kitzsteinhorn', 'Mit der Gletscherbahn auf 3.029 m.'],
      ['Krimmler Wasserfälle', 'Winterwanderung zu den gefrorenen Wasserfällen.'],
      ['Heimreise', 'Heimreise nach dem Frühstück.'],
    ],
    hotel: {
      name: 'Alpenhotel Seehof',
      city: 'Zell am See',
      country: 'Österreich',
      stars: 4,
      text: 'Hotel am Seeufer mit Hallenbad und Sauna.',
    },
    rooms: [
      ['double', 18],
      ['single', 6],
    ],
    price: [799, 120, 479],
    board: '4 Übernachtungen mit Halbpension',
    starts: ['2027-01-11', '2027-01-25', '2027-02-08', '2027-02-22', '2027-03-08', '2027-12-13'],
    route: 'south',
  },
  {
    title: 'Skispaß in Schladming',
    subtitle: 'Sechs Tage auf der Planai',
    code: 'SCH-SKI',
    category: 21,
    countries: ['AT'],
    catalog_state: 4,
    online: true,
    intro:
      'Die Vier-Berge-Schischaukel mit 230 Pistenkilometern: Hotel in Gehweite zur Planai-Bahn, Skipass auf Wunsch buchbar, Skikurse vor Ort.',
    highlights: ['Hotel 300 m von der Planai-Bahn', 'Skiraum mit Schuhtrockner', 'Hüttenabend'],
    days: [
      ['Anreise', 'Fahrt nach Schladming.'],
      ['Skitag', 'Skifahren auf der Planai.'],
      ['Skitag', 'Skifahren auf der Reiteralm.'],
      ['Skitag', 'Skifahren auf der Hochwurzen, abends Hüttenabend.'],
      ['Skitag', 'Skifahren auf dem Hauser Kaibling.'],
      ['Heimreise', 'Heimreise nach dem Frühstück.'],
    ],
    hotel: {
      name: 'Sporthotel Planai',
      city: 'Schladming',
      country: 'Österreich',
      stars: 4,
      text: 'Sporthotel mit Skiraum, Sauna und Dampfbad.',
    },
    rooms: [
      ['double', 16],
      ['single', 4],
      ['quadruple', 4],
    ],
    price: [869, 140, 529],
    board: '5 Übernachtungen mit Halbpension',
    extras: [
      { type: 'Skipass', value: 'Skipass 4 Tage Ski amadé', price: 249, choice_group: 'Skipass' },
      { type: 'Skipass', value: 'Skipass 4 Tage Kinder (bis 15)', price: 129, choice_group: 'Skipass' },
    ],
    starts: ['2027-01-09', '2027-01-23', '2027-02-06', '2027-02-20', '2027-03-06', '2027-12-18'],
    route: 'south',
  },
  {
    title: 'Tagesfahrt Sächsische Schweiz',
    subtitle: 'Bastei und Raddampferfahrt auf der Elbe',
    code: 'SSW-TAG',
    category: 26,
    countries: ['DE'],
    catalog_state: 4,
    online: true,
    intro:
      'Ein Tag im Elbsandsteingebirge: Aussicht von der Basteibrücke, Mittagessen im Kurort Rathen und mit dem historischen Raddampfer zurück nach Pirna.',
    highlights: ['Basteibrücke', 'Raddampferfahrt', 'Mittagessen inklusive'],
    days: [['Bastei und Elbe', 'Bastei, Mittagessen in Rathen, Raddampfer nach Pirna und Heimfahrt.']],
    hotel: { name: 'Ohne Übernachtung', city: 'Rathen', country: 'Deutschland', stars: 0, text: 'Tagesfahrt.' },
    rooms: [],
    price: [69, 0, 45],
    board: 'Mittagessen',
    starts: [
      '2027-04-03',
      '2027-04-24',
      '2027-05-15',
      '2027-06-05',
      '2027-06-26',
      '2027-07-17',
      '2027-08-07',
      '2027-08-28',
      '2027-09-18',
      '2027-10-09',
    ],
    route: 'east',
  },
  {
    title: 'Kur in Marienbad',
    subtitle: 'Zehn Tage Heilbad in Westböhmen',
    code: 'MAR-KUR',
    category: 10,
    countries: ['CZ'],
    catalog_state: 4,
    online: true,
    intro:
      'Kur im berühmten Bäderdreieck: ärztliche Eingangsuntersuchung, 18 Anwendungen, Trinkkur an der Singenden Fontäne und Kurkonzerte in der Kolonnade.',
    highlights: ['18 Kuranwendungen', 'Ärztliche Betreuung', 'Kurhotel an der Kolonnade'],
    days: [
      ['Anreise', 'Fahrt nach Marienbad, Begrüßung.'],
      ['Eingangsuntersuchung', 'Ärztliche Untersuchung und Kurplan.'],
      ['Kurtag', 'Anwendungen nach Plan.'],
      ['Kurtag', 'Anwendungen, Kurkonzert.'],
      ['Kurtag', 'Anwendungen nach Plan.'],
      ['Ausflug Karlsbad', 'Halbtagesausflug nach Karlsbad.'],
      ['Kurtag', 'Anwendungen nach Plan.'],
      ['Kurtag', 'Anwendungen, Abschlussabend.'],
      ['Kurtag', 'Abschlussuntersuchung.'],
      ['Heimreise', 'Heimreise nach dem Frühstück.'],
    ],
    hotel: {
      name: 'Kurhotel Kolonnada',
      city: 'Mariánské Lázně',
      country: 'Tschechien',
      stars: 4,
      text: 'Kurhotel mit eigenem Kurzentrum an der Kolonnade.',
    },
    rooms: [
      ['double', 14],
      ['single', 12],
    ],
    price: [1099, 180, null],
    board: '9 Übernachtungen mit Vollpension',
    starts: ['2027-02-07', '2027-03-07', '2027-04-04', '2027-10-03', '2027-11-07'],
    route: 'east',
  },
  {
    title: 'Pilgerreise nach Altötting',
    subtitle: 'Gnadenkapelle und Wallfahrt am Inn',
    code: 'ALT-PIL',
    category: 15,
    countries: ['DE'],
    catalog_state: 1,
    online: false,
    intro:
      'Zum bedeutendsten Marienwallfahrtsort Deutschlands mit geistlicher Begleitung: Gottesdienst in der Gnadenkapelle, Lichterprozession und ein Ausflug nach Passau.',
    highlights: ['Geistliche Begleitung', 'Lichterprozession', 'Dom St. Stephan in Passau'],
    days: [
      ['Anreise', 'Fahrt nach Altötting, Andacht in der Gnadenkapelle.'],
      ['Altötting', 'Gottesdienst, Schatzkammer, abends Lichterprozession.'],
      ['Passau und Heimreise', 'Orgelkonzert im Passauer Dom, Heimreise.'],
    ],
    hotel: {
      name: 'Pilgerhotel Zur Gnadenkapelle',
      city: 'Altötting',
      country: 'Deutschland',
      stars: 3,
      text: 'Ruhiges Haus am Kapellplatz.',
    },
    rooms: [
      ['double', 16],
      ['single', 10],
    ],
    price: [389, 50, null],
    board: '2 Übernachtungen mit Halbpension',
    starts: ['2027-05-14', '2027-06-11', '2027-08-13', '2027-09-10'],
    route: 'south',
  },
  {
    title: 'Normandie und Bretagne',
    subtitle: 'Rundreise zu Mont-Saint-Michel, Étretat und den Landungsstränden',
    code: 'NOR-RUN',
    category: 16,
    countries: ['FR'],
    catalog_state: 3,
    bookable: 1,
    online: true,
    intro:
      'Neun Tage Westfrankreich: die Kreidefelsen von Étretat, die Gärten von Giverny, die Landungsstrände von 1944, der Mont-Saint-Michel und die rosa Granitküste der Bretagne.',
    highlights: ['Mont-Saint-Michel', 'Monets Garten in Giverny', 'Côte de Granit Rose'],
    days: [
      ['Anreise', 'Fahrt bis Reims, Zwischenübernachtung.'],
      ['Giverny und Rouen', 'Monets Garten, Altstadt von Rouen.'],
      ['Étretat und Honfleur', 'Kreidefelsen und Hafen von Honfleur.'],
      ['Landungsstrände', 'Omaha Beach und Bayeux mit dem Teppich.'],
      ['Mont-Saint-Michel', 'Besuch der Klosterinsel.'],
      ['Saint-Malo', 'Korsarenstadt Saint-Malo und Dinan.'],
      ['Côte de Granit Rose', 'Rosa Granitküste bei Ploumanac’h.'],
      ['Rückreise', 'Fahrt bis Reims, Zwischenübernachtung.'],
      ['Heimreise', 'Heimreise nach dem Frühstück.'],
    ],
    hotel: {
      name: 'Hôtel de la Baie',
      city: 'Saint-Malo',
      country: 'Frankreich',
      stars: 3,
      text: 'Hotel am Rand der Altstadt, mehrere Hotels auf der Rundreise.',
    },
    rooms: [
      ['double', 18],
      ['single', 6],
    ],
    price: [1349, 290, null],
    board: '8 Übernachtungen mit Halbpension',
    starts: ['2027-05-22', '2027-06-19', '2027-08-28', '2027-09-18'],
    route: 'west',
    tour_guide: 'Anne Delacroix',
  },
  {
    title: 'Oktoberfest in München',
    subtitle: 'Zwei Tage Wiesn mit reserviertem Tisch',
    code: 'OKT-EVT',
    category: 3,
    countries: ['DE'],
    catalog_state: 2,
    online: false,
    intro:
      'Die Wiesn ohne Stress: reservierter Tisch im Festzelt mit Hendl und zwei Maß, Stadtführung durch München und Übernachtung im Zentrum.',
    highlights: ['Reservierter Tisch im Festzelt', 'Zwei Maß und ein halbes Hendl', 'Stadtführung München'],
    days: [
      ['Anreise und Wiesn', 'Fahrt nach München, nachmittags im Festzelt.'],
      ['München und Heimreise', 'Stadtführung, danach Heimreise.'],
    ],
    hotel: {
      name: 'Hotel Theresienhöhe',
      city: 'München',
      country: 'Deutschland',
      stars: 3,
      text: 'Stadthotel zehn Gehminuten von der Theresienwiese.',
    },
    rooms: [
      ['double', 24],
      ['single', 4],
    ],
    price: [359, 90, null],
    board: '1 Übernachtung mit Frühstück, Festzeltpaket',
    starts: ['2027-09-18', '2027-09-22', '2027-09-25', '2027-09-29'],
    route: 'south',
  },
];

const money = (euro: number) => `${euro.toFixed(2).replace('.', ',')} €`;

/** A URL slug from a title: „Frühling am Gardasee“ → fruehling-am-gardasee */
const slugOf = (title: string) => mailName(title).replace(/^-+|-+$/g, '');

/** A tour as the create body of the API, with the looked-up ids of its destination, countries and stops. */
export function demoJourneyBody(
  tour: Tour,
  ids: { destinations: Map<string, number>; countries: Map<string, number>; stops: Map<string, number> },
): CreateJourneyBody {
  const [double, single, child] = tour.price;
  const length = tour.days.length;
  const route = ROUTES[tour.route].filter(([name]) => ids.stops.has(name));
  return {
    title: tour.title,
    subtitle: tour.subtitle,
    code: tour.code,
    category: tour.category,
    destination: tour.destination ? (ids.destinations.get(tour.destination) ?? null) : null,
    countries: tour.countries.flatMap((iso) => ids.countries.get(iso) ?? []),
    catalog_state: tour.catalog_state as CreateJourneyBody['catalog_state'],
    bookable: (tour.bookable ?? 0) as CreateJourneyBody['bookable'],
    online: tour.online,
    mindestteilnehmer: length === 1 ? 25 : 20,
    bonuspunkte: Math.round(double / 10),
    tour_guide: tour.tour_guide ?? null,
    recommendation_rate: tour.rating?.[0] ?? null,
    rating_stars: tour.rating?.[1] ?? null,
    detail: {
      title: tour.title,
      introduction: html.p(tour.intro),
      services: html.list([...BASIC_SERVICES, tour.board]),
      included_services: html.list([
        'Alle Ausflüge laut Programm',
        'Kurtaxe und Bettensteuer',
        'Insolvenzversicherung',
      ]),
      highlights: html.list(tour.highlights),
      notes: html.p(
        `Mindestteilnehmerzahl ${length === 1 ? 25 : 20} Personen. Für diese Reise benötigen Sie einen gültigen Personalausweis.`,
      ),
      hotel_description: tour.rooms.length > 0 ? html.p(tour.hotel.text) : null,
    },
    days: tour.days.map(([daytitle, text], index) => ({ day_no: index + 1, daytitle, daytext: html.p(text) })),
    accommodations:
      tour.rooms.length === 0
        ? []
        : [
            {
              name: tour.hotel.name,
              street: tour.hotel.street ?? null,
              zip: tour.hotel.zip ?? null,
              city: tour.hotel.city,
              country: tour.hotel.country,
              stars: tour.hotel.stars,
              description: html.p(tour.hotel.text),
              roomTypes: tour.rooms.map(([kind, rooms]) => ({ kind, rooms })),
            },
          ],
    extras: (tour.extras ?? []).map((extra) => ({
      type: extra.type,
      value: extra.value,
      price: extra.price,
      price_due: extra.due ?? 'per_person',
      required: extra.required ?? false,
      choice_group: extra.choice_group ?? null,
    })),
    stops: [
      ...route.map(([name, time, surcharge], position) => ({
        id_zus_zustiege: ids.stops.get(name)!,
        direction: 'outbound' as const,
        position,
        time,
        surcharge,
      })),
      ...[...route].reverse().map(([name, , surcharge], position) => ({
        id_zus_zustiege: ids.stops.get(name)!,
        direction: 'return' as const,
        position,
        time: null,
        day_offset: length - 1,
        surcharge,
      })),
    ],
    dates: tour.starts.map((start, index) => ({
      termincode: `${tour.code}-${String(index + 1).padStart(2, '0')}`,
      date_from: start,
      date_till: addDays(start, length - 1),
      bookable: index === tour.starts.length - 1 && tour.starts.length > 5 ? 1 : 0,
      prices: [
        {
          category: 'adult' as const,
          room_kind: (length === 1 ? null : 'double') as RoomKind | null,
          description: length === 1 ? 'pro Person' : 'pro Person im Doppelzimmer',
          // Summer dates cost a little more.
          amount: double + (start.slice(5, 7) >= '07' && start.slice(5, 7) <= '08' ? Math.round(double * 0.05) : 0),
        },
        ...(single > 0
          ? [
              {
                category: 'supplement' as const,
                room_kind: 'single' as const,
                description: 'Einzelzimmerzuschlag',
                amount: single,
              },
            ]
          : []),
        ...(child !== null
          ? [
              {
                category: 'child' as const,
                room_kind: null,
                description: 'Kind bis 11 Jahre im Zimmer der Eltern',
                amount: child,
              },
            ]
          : []),
      ],
    })),
    meta_title: `${tour.title} – Busreise ab Sachsen`.slice(0, 120),
    meta_description: `${tour.subtitle}. ${length} ${length === 1 ? 'Tag' : 'Tage'} ab ${money(double)} pro Person.`,
    slug: slugOf(tour.title),
    keywords: [tour.destination, ...tour.highlights.slice(0, 2), 'Busreise'].filter(Boolean).join(', '),
  };
}

/** Writes the 25 demo journeys through the journeys service (the same rules as the API). */
export async function seedDemoJourneys(ctx: DbContext): Promise<number> {
  const ids = {
    destinations: await findDestinationIdsByName(
      ctx.db,
      DEMO_TOURS.flatMap((tour) => tour.destination ?? []),
    ),
    countries: await findCountryIdsByIso(
      ctx.db,
      DEMO_TOURS.flatMap((tour) => tour.countries),
    ),
    stops: await findBoardingPointIdsByName(
      ctx.db,
      Object.values(ROUTES).flatMap((route) => route.map(([name]) => name)),
    ),
  };
  for (const tour of DEMO_TOURS) await createJourney(ctx, demoJourneyBody(tour, ids));
  return DEMO_TOURS.length;
}
