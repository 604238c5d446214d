import type { ManifestKind, RoomKind, SeatCellKind, StopDirection } from '@tourdesk/contracts';
import type { PdfLanguage } from '../../lib/pdf.ts';

/**
 * The words of the manifests in the four languages the product speaks (spec §1). `{n}` and friends are filled in
 * by `fillText`. File names are built from `fileNames` (no spaces, so they survive every download dialog).
 */
export type ManifestTexts = {
  titles: Record<ManifestKind, string>;
  fileNames: Record<ManifestKind, string>;
  directions: Record<StopDirection, string>;
  /** "Reise · Termin GAR1-1 · 01.06.2027 – 05.06.2027" */
  departureLine: string;
  columns: {
    no: string;
    name: string;
    seat: string;
    booking: string;
    phone: string;
    email: string;
    time: string;
    stop: string;
    stopNo: string;
    address: string;
    coach: string;
    birthday: string;
    nation: string;
    status: string;
    stopOut: string;
    stopRet: string;
    seatOut: string;
    seatRet: string;
    accommodation: string;
    room: string;
    roomType: string;
    direction: string;
    date: string;
    departure: string;
  };
  travellers: string;
  noStop: string;
  noRoom: string;
  noSeat: string;
  empty: string;
  coachLine: string;
  driver: string;
  free: string;
  blocked: string;
  front: string;
  cells: Partial<Record<SeatCellKind, string>>;
  statuses: Record<'option' | 'firm' | 'processing', string>;
  roomKinds: Record<RoomKind, string>;
};

export const MANIFEST_TEXTS: Record<PdfLanguage, ManifestTexts> = {
  de: {
    titles: {
      boarding: 'Zustiegsliste',
      seats: 'Sitzplan',
      participants: 'Teilnehmerliste',
      rooming: 'Zimmerliste',
    },
    fileNames: {
      boarding: 'Zustiegsliste',
      seats: 'Sitzplan',
      participants: 'Teilnehmerliste',
      rooming: 'Zimmerliste',
    },
    directions: { outbound: 'Hinfahrt', return: 'Rückfahrt' },
    departureLine: '{journey} · Termin {code} · {from} – {till}',
    columns: {
      no: 'Nr.',
      name: 'Name',
      seat: 'Sitz',
      booking: 'Vorgang',
      phone: 'Telefon',
      email: 'E-Mail',
      time: 'Zeit',
      stop: 'Zustieg',
      stopNo: 'Halt',
      address: 'Adresse',
      coach: 'Bus',
      birthday: 'Geburtsdatum',
      nation: 'Nationalität',
      status: 'Status',
      stopOut: 'Zustieg Hinfahrt',
      stopRet: 'Zustieg Rückfahrt',
      seatOut: 'Sitz Hinfahrt',
      seatRet: 'Sitz Rückfahrt',
      accommodation: 'Unterkunft',
      room: 'Zimmer',
      roomType: 'Zimmerart',
      direction: 'Richtung',
      date: 'Datum',
      departure: 'Termin',
    },
    travellers: '{n} Reisende',
    noStop: 'Ohne Zustieg',
    noRoom: 'Ohne Zimmer',
    noSeat: 'Ohne Sitzplatz',
    empty: 'Keine Reisenden gebucht.',
    coachLine: '{coach} · {taken} von {seats} Plätzen belegt',
    driver: 'Fahrer: {name}',
    free: 'frei',
    blocked: 'gesperrt',
    front: 'Vorne',
    cells: {
      driver: 'Fahrer',
      door: 'Tür',
      wc: 'WC',
      table: 'Tisch',
      guide: 'Reiseleitung',
      kitchen: 'Küche',
      stairs: 'Treppe',
    },
    statuses: { option: 'Option', firm: 'Fest gebucht', processing: 'In Bearbeitung' },
    roomKinds: {
      double: 'Doppelzimmer',
      single: 'Einzelzimmer',
      twin: 'Zweibettzimmer',
      triple: 'Dreibettzimmer',
      quadruple: 'Vierbettzimmer',
      family: 'Familienzimmer',
      suite: 'Suite',
    },
  },
  en: {
    titles: {
      boarding: 'Boarding list',
      seats: 'Seat manifest',
      participants: 'Participant list',
      rooming: 'Rooming list',
    },
    fileNames: {
      boarding: 'Boarding_list',
      seats: 'Seat_manifest',
      participants: 'Participant_list',
      rooming: 'Rooming_list',
    },
    directions: { outbound: 'Outbound', return: 'Return' },
    departureLine: '{journey} · Departure {code} · {from} – {till}',
    columns: {
      no: 'No.',
      name: 'Name',
      seat: 'Seat',
      booking: 'Booking',
      phone: 'Phone',
      email: 'E-mail',
      time: 'Time',
      stop: 'Boarding point',
      stopNo: 'Stop',
      address: 'Address',
      coach: 'Coach',
      birthday: 'Date of birth',
      nation: 'Nationality',
      status: 'Status',
      stopOut: 'Boarding outbound',
      stopRet: 'Boarding return',
      seatOut: 'Seat outbound',
      seatRet: 'Seat return',
      accommodation: 'Accommodation',
      room: 'Room',
      roomType: 'Room type',
      direction: 'Direction',
      date: 'Date',
      departure: 'Departure',
    },
    travellers: '{n} travellers',
    noStop: 'No boarding point',
    noRoom: 'No room',
    noSeat: 'Without a seat',
    empty: 'No travellers booked.',
    coachLine: '{coach} · {taken} of {seats} seats taken',
    driver: 'Driver: {name}',
    free: 'free',
    blocked: 'blocked',
    front: 'Front',
    cells: {
      driver: 'Driver',
      door: 'Door',
      wc: 'WC',
      table: 'Table',
      guide: 'Guide',
      kitchen: 'Kitchen',
      stairs: 'Stairs',
    },
    statuses: { option: 'Option', firm: 'Confirmed', processing: 'In processing' },
    roomKinds: {
      double: 'Double room',
      single: 'Single room',
      twin: 'Twin room',
      triple: 'Triple room',
      quadruple: 'Quadruple room',
      family: 'Family room',
      suite: 'Suite',
    },
  },
  es: {
    titles: {
      boarding: 'Lista de embarque',
      seats: 'Plano de asientos',
      participants: 'Lista de participantes',
      rooming: 'Lista de habitaciones',
    },
    fileNames: {
      boarding: 'Lista_de_embarque',
      seats: 'Plano_de_asientos',
      participants: 'Lista_de_participantes',
      rooming: 'Lista_de_habitaciones',
    },
    directions: { outbound: 'Ida', return: 'Vuelta' },
    departureLine: '{journey} · Salida {code} · {from} – {till}',
    columns: {
      no: 'N.º',
      name: 'Nombre',
      seat: 'Asiento',
      booking: 'Reserva',
      phone: 'Teléfono',
      email: 'Correo electrónico',
      time: 'Hora',
      stop: 'Punto de subida',
      stopNo: 'Parada',
      address: 'Dirección',
      coach: 'Autocar',
      birthday: 'Fecha de nacimiento',
      nation: 'Nacionalidad',
      status: 'Estado',
      stopOut: 'Subida ida',
      stopRet: 'Subida vuelta',
      seatOut: 'Asiento ida',
      seatRet: 'Asiento vuelta',
      accommodation: 'Alojamiento',
      room: 'Habitación',
      roomType: 'Tipo de habitación',
      direction: 'Sentido',
      date: 'Fecha',
      departure: 'Salida',
    },
    travellers: '{n} viajeros',
    noStop: 'Sin punto de subida',
    noRoom: 'Sin habitación',
    noSeat: 'Sin asiento',
    empty: 'No hay viajeros reservados.',
    coachLine: '{coach} · {taken} de {seats} asientos ocupados',
    driver: 'Conductor: {name}',
    free: 'libre',
    blocked: 'bloqueado',
    front: 'Delante',
    cells: {
      driver: 'Conductor',
      door: 'Puerta',
      wc: 'WC',
      table: 'Mesa',
      guide: 'Guía',
      kitchen: 'Cocina',
      stairs: 'Escalera',
    },
    statuses: { option: 'Opción', firm: 'Confirmada', processing: 'En tramitación' },
    roomKinds: {
      double: 'Habitación doble',
      single: 'Habitación individual',
      twin: 'Habitación con dos camas',
      triple: 'Habitación triple',
      quadruple: 'Habitación cuádruple',
      family: 'Habitación familiar',
      suite: 'Suite',
    },
  },
  ru: {
    titles: {
      boarding: 'Список посадки',
      seats: 'Схема рассадки',
      participants: 'Список участников',
      rooming: 'Список размещения',
    },
    fileNames: {
      boarding: 'Spisok_posadki',
      seats: 'Skhema_rassadki',
      participants: 'Spisok_uchastnikov',
      rooming: 'Spisok_razmeshcheniya',
    },
    directions: { outbound: 'Туда', return: 'Обратно' },
    departureLine: '{journey} · Выезд {code} · {from} – {till}',
    columns: {
      no: '№',
      name: 'Имя',
      seat: 'Место',
      booking: 'Заказ',
      phone: 'Телефон',
      email: 'Эл. почта',
      time: 'Время',
      stop: 'Место посадки',
      stopNo: 'Остановка',
      address: 'Адрес',
      coach: 'Автобус',
      birthday: 'Дата рождения',
      nation: 'Гражданство',
      status: 'Статус',
      stopOut: 'Посадка туда',
      stopRet: 'Посадка обратно',
      seatOut: 'Место туда',
      seatRet: 'Место обратно',
      accommodation: 'Размещение',
      room: 'Номер',
      roomType: 'Тип номера',
      direction: 'Направление',
      date: 'Дата',
      departure: 'Выезд',
    },
    travellers: 'Пассажиров: {n}',
    noStop: 'Без места посадки',
    noRoom: 'Без номера',
    noSeat: 'Без места',
    empty: 'Нет забронированных путешественников.',
    coachLine: '{coach} · занято {taken} из {seats} мест',
    driver: 'Водитель: {name}',
    free: 'свободно',
    blocked: 'заблокировано',
    front: 'Перед',
    cells: {
      driver: 'Водитель',
      door: 'Дверь',
      wc: 'WC',
      table: 'Стол',
      guide: 'Гид',
      kitchen: 'Кухня',
      stairs: 'Лестница',
    },
    statuses: { option: 'Опция', firm: 'Подтверждено', processing: 'В обработке' },
    roomKinds: {
      double: 'Двухместный номер',
      single: 'Одноместный номер',
      twin: 'Номер с двумя кроватями',
      triple: 'Трёхместный номер',
      quadruple: 'Четырёхместный номер',
      family: 'Семейный номер',
      suite: 'Люкс',
    },
  },
};
