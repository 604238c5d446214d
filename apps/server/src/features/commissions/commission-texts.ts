import type { PdfLanguage } from '../../lib/pdf.ts';

/** The statement's words in the reader's language (CSV header, PDF), German first: the office's language. */
export type CommissionTexts = {
  title: string;
  period: string;
  agency: string;
  headers: {
    vorgangnr: string;
    status: string;
    journey: string;
    termincode: string;
    departure: string;
    booker: string;
    participants: string;
    travelPrice: string;
    rate: string;
    commission: string;
    collectiveInvoice: string;
  };
  total: string;
  travelTotal: string;
  commissionTotal: string;
  empty: string;
  note: string;
  statuses: Record<'firm' | 'processing' | 'cancelled', string>;
  fileName: string;
};

export const COMMISSION_TEXTS: Record<PdfLanguage, CommissionTexts> = {
  de: {
    title: 'Provisionsabrechnung',
    period: 'Abreise vom {from} bis {to}',
    agency: 'Agentur',
    headers: {
      vorgangnr: 'Vorgangsnr.',
      status: 'Status',
      journey: 'Reise',
      termincode: 'Termin',
      departure: 'Abreise',
      booker: 'Buchender',
      participants: 'Teilnehmer',
      travelPrice: 'Reisepreis',
      rate: 'Provisionssatz %',
      commission: 'Provision',
      collectiveInvoice: 'Sammelrechnung',
    },
    total: 'Summe',
    travelTotal: 'Reisepreise gesamt',
    commissionTotal: 'Provision gesamt',
    empty: 'Keine provisionsfähigen Buchungen in diesem Zeitraum.',
    note: 'Provision auf den Reisepreis ohne Versicherungen; bei Stornierungen auf die Stornogebühr.',
    statuses: { firm: 'Fest gebucht', processing: 'In Bearbeitung', cancelled: 'Storniert' },
    fileName: 'Provisionsabrechnung',
  },
  en: {
    title: 'Commission statement',
    period: 'Departures from {from} to {to}',
    agency: 'Agency',
    headers: {
      vorgangnr: 'Booking no.',
      status: 'Status',
      journey: 'Journey',
      termincode: 'Date code',
      departure: 'Departure',
      booker: 'Booker',
      participants: 'Participants',
      travelPrice: 'Travel price',
      rate: 'Commission rate %',
      commission: 'Commission',
      collectiveInvoice: 'Collective invoice',
    },
    total: 'Total',
    travelTotal: 'Travel prices total',
    commissionTotal: 'Commission total',
    empty: 'No bookings earning commission in this period.',
    note: 'Commission on the travel price without insurance; on cancellations on the cancellation fee.',
    statuses: { firm: 'Firm booking', processing: 'In processing', cancelled: 'Cancelled' },
    fileName: 'Commission-statement',
  },
  es: {
    title: 'Liquidación de comisiones',
    period: 'Salidas del {from} al {to}',
    agency: 'Agencia',
    headers: {
      vorgangnr: 'N.º de reserva',
      status: 'Estado',
      journey: 'Viaje',
      termincode: 'Código de fecha',
      departure: 'Salida',
      booker: 'Reservante',
      participants: 'Participantes',
      travelPrice: 'Precio del viaje',
      rate: 'Comisión %',
      commission: 'Comisión',
      collectiveInvoice: 'Factura colectiva',
    },
    total: 'Total',
    travelTotal: 'Total precios de viaje',
    commissionTotal: 'Total comisión',
    empty: 'No hay reservas con comisión en este periodo.',
    note: 'Comisión sobre el precio del viaje sin seguros; en cancelaciones, sobre la penalización.',
    statuses: { firm: 'Reserva firme', processing: 'En tramitación', cancelled: 'Cancelada' },
    fileName: 'Liquidacion-comisiones',
  },
  ru: {
    title: 'Отчёт о комиссии',
    period: 'Отъезды с {from} по {to}',
    agency: 'Агентство',
    headers: {
      vorgangnr: '№ брони',
      status: 'Статус',
      journey: 'Поездка',
      termincode: 'Код даты',
      departure: 'Отъезд',
      booker: 'Заказчик',
      participants: 'Участники',
      travelPrice: 'Стоимость поездки',
      rate: 'Ставка комиссии %',
      commission: 'Комиссия',
      collectiveInvoice: 'Сводный счёт',
    },
    total: 'Итого',
    travelTotal: 'Стоимость поездок всего',
    commissionTotal: 'Комиссия всего',
    empty: 'За этот период нет броней с комиссией.',
    note: 'Комиссия со стоимости поездки без страховок; при отмене — со штрафа за отмену.',
    statuses: { firm: 'Твёрдая бронь', processing: 'В обработке', cancelled: 'Отменена' },
    fileName: 'Commission-statement',
  },
};
