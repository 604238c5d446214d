import type { PdfLanguage } from '../../lib/pdf.ts';

/**
 * The words of the booking confirmation, the invoice and the credit note in the four languages documents are
 * written in (the booker's language). `{name}` placeholders are filled in by the builders. The legal wording of
 * the margin scheme stays German in every language (it is the text § 14a UStG asks for) and is explained after it.
 */
export type DocumentTexts = {
  confirmation: string;
  invoice: string;
  /** an agency's collective invoice (Sammelrechnung) */
  collectiveInvoice: string;
  creditNote: string;
  creditFor: string;
  bookingNumber: string;
  invoiceNumber: string;
  creditNoteNumber: string;
  invoiceDate: string;
  creditNoteDate: string;
  servicePeriod: string;
  customerNumber: string;
  trip: string;
  dates: string;
  status: string;
  optionUntil: string;
  booker: string;
  participants: string;
  participant: string;
  born: string;
  seatOut: string;
  seatBack: string;
  stopOut: string;
  stopBack: string;
  rooms: string;
  extras: string;
  prices: string;
  position: string;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  vat: string;
  marginShort: string;
  total: string;
  vatIncluded: string;
  paid: string;
  open: string;
  due: string;
  credited: string;
  schedule: string;
  deposit: string;
  balance: string;
  dueOn: string;
  payTo: string;
  bank: string;
  reference: string;
  nothingDue: string;
  creditRefund: string;
  marginNote: string;
  vatId: string;
  taxNumber: string;
  thanks: string;
  confirmationIntro: string;
  statuses: Record<string, string>;
};

const MARGIN_DE = 'Sonderregelung für Reisebüros (§ 25 UStG). Die Umsatzsteuer wird nicht gesondert ausgewiesen.';

export const DOCUMENT_TEXTS: Record<PdfLanguage, DocumentTexts> = {
  de: {
    confirmation: 'Reisebestätigung',
    invoice: 'Rechnung',
    collectiveInvoice: 'Sammelrechnung',
    creditNote: 'Gutschrift',
    creditFor: 'Gutschrift zur Rechnung {number}',
    bookingNumber: 'Vorgangsnummer',
    invoiceNumber: 'Rechnungsnummer',
    creditNoteNumber: 'Gutschriftsnummer',
    invoiceDate: 'Rechnungsdatum',
    creditNoteDate: 'Gutschriftsdatum',
    servicePeriod: 'Leistungszeitraum',
    customerNumber: 'Kundennummer',
    trip: 'Reise',
    dates: 'Reisezeitraum',
    status: 'Status',
    optionUntil: 'Option bis',
    booker: 'Anmelder',
    participants: 'Reiseteilnehmer',
    participant: 'Teilnehmer',
    born: 'geb.',
    seatOut: 'Sitz Hin',
    seatBack: 'Sitz Rück',
    stopOut: 'Zustieg Hinfahrt',
    stopBack: 'Ausstieg Rückfahrt',
    rooms: 'Zimmer',
    extras: 'Zusatzleistungen',
    prices: 'Reisepreis',
    position: 'Pos.',
    description: 'Leistung',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    amount: 'Betrag',
    vat: 'USt.',
    marginShort: '§ 25',
    total: 'Gesamtbetrag',
    vatIncluded: 'darin enthaltene USt. {rate} %',
    paid: 'Bereits gezahlt',
    open: 'Offener Betrag',
    due: 'Zahlbetrag',
    credited: 'Gutschriftsbetrag',
    schedule: 'Zahlungsplan',
    deposit: 'Anzahlung',
    balance: 'Restzahlung',
    dueOn: 'fällig am',
    payTo: 'Bitte überweisen Sie {amount} bis zum {date} auf folgendes Konto:',
    bank: 'Bank',
    reference: 'Verwendungszweck',
    nothingDue: 'Der Betrag ist bereits vollständig bezahlt.',
    creditRefund: 'Der Betrag wird Ihnen erstattet oder mit offenen Beträgen verrechnet.',
    marginNote: MARGIN_DE,
    vatId: 'USt-IdNr.',
    taxNumber: 'Steuernummer',
    thanks: 'Vielen Dank für Ihre Buchung. Wir wünschen Ihnen eine schöne Reise!',
    confirmationIntro: 'Wir bestätigen Ihre Buchung wie folgt:',
    statuses: {
      draft: 'Entwurf',
      request: 'Anfrage',
      option: 'Option',
      waitlist: 'Warteliste',
      firm: 'Fest gebucht',
      cancelled: 'Storniert',
      processing: 'In Bearbeitung',
    },
  },
  en: {
    confirmation: 'Booking confirmation',
    invoice: 'Invoice',
    collectiveInvoice: 'Collective invoice',
    creditNote: 'Credit note',
    creditFor: 'Credit note for invoice {number}',
    bookingNumber: 'Booking number',
    invoiceNumber: 'Invoice number',
    creditNoteNumber: 'Credit note number',
    invoiceDate: 'Invoice date',
    creditNoteDate: 'Credit note date',
    servicePeriod: 'Service period',
    customerNumber: 'Customer number',
    trip: 'Trip',
    dates: 'Travel dates',
    status: 'Status',
    optionUntil: 'Option until',
    booker: 'Booked by',
    participants: 'Travellers',
    participant: 'Traveller',
    born: 'born',
    seatOut: 'Seat out',
    seatBack: 'Seat back',
    stopOut: 'Boarding (outbound)',
    stopBack: 'Drop-off (return)',
    rooms: 'Rooms',
    extras: 'Extras',
    prices: 'Price',
    position: 'No.',
    description: 'Item',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    vat: 'VAT',
    marginShort: '§ 25',
    total: 'Total',
    vatIncluded: 'including VAT {rate} %',
    paid: 'Already paid',
    open: 'Amount open',
    due: 'Amount due',
    credited: 'Credited amount',
    schedule: 'Payment schedule',
    deposit: 'Deposit',
    balance: 'Balance',
    dueOn: 'due on',
    payTo: 'Please transfer {amount} by {date} to the following account:',
    bank: 'Bank',
    reference: 'Reference',
    nothingDue: 'The amount has been paid in full.',
    creditRefund: 'The amount will be refunded or set off against open amounts.',
    marginNote: `${MARGIN_DE} (Margin scheme for travel agents: no VAT is shown.)`,
    vatId: 'VAT ID',
    taxNumber: 'Tax number',
    thanks: 'Thank you for your booking. We wish you a pleasant journey!',
    confirmationIntro: 'We confirm your booking as follows:',
    statuses: {
      draft: 'Draft',
      request: 'Request',
      option: 'Option',
      waitlist: 'Waiting list',
      firm: 'Confirmed',
      cancelled: 'Cancelled',
      processing: 'In processing',
    },
  },
  es: {
    confirmation: 'Confirmación de viaje',
    invoice: 'Factura',
    collectiveInvoice: 'Factura colectiva',
    creditNote: 'Nota de abono',
    creditFor: 'Nota de abono de la factura {number}',
    bookingNumber: 'Número de reserva',
    invoiceNumber: 'Número de factura',
    creditNoteNumber: 'Número de abono',
    invoiceDate: 'Fecha de factura',
    creditNoteDate: 'Fecha de la nota de abono',
    servicePeriod: 'Periodo del servicio',
    customerNumber: 'Número de cliente',
    trip: 'Viaje',
    dates: 'Fechas del viaje',
    status: 'Estado',
    optionUntil: 'Opción hasta',
    booker: 'Reservado por',
    participants: 'Viajeros',
    participant: 'Viajero',
    born: 'nac.',
    seatOut: 'Asiento ida',
    seatBack: 'Asiento vuelta',
    stopOut: 'Subida (ida)',
    stopBack: 'Bajada (vuelta)',
    rooms: 'Habitaciones',
    extras: 'Servicios adicionales',
    prices: 'Precio',
    position: 'Pos.',
    description: 'Concepto',
    quantity: 'Cant.',
    unitPrice: 'Precio unitario',
    amount: 'Importe',
    vat: 'IVA',
    marginShort: '§ 25',
    total: 'Importe total',
    vatIncluded: 'IVA incluido {rate} %',
    paid: 'Ya pagado',
    open: 'Importe pendiente',
    due: 'Importe a pagar',
    credited: 'Importe abonado',
    schedule: 'Plan de pagos',
    deposit: 'Anticipo',
    balance: 'Pago final',
    dueOn: 'vence el',
    payTo: 'Le rogamos que transfiera {amount} antes del {date} a la siguiente cuenta:',
    bank: 'Banco',
    reference: 'Concepto',
    nothingDue: 'El importe ya está pagado en su totalidad.',
    creditRefund: 'El importe se le reembolsará o se compensará con importes pendientes.',
    marginNote: `${MARGIN_DE} (Régimen especial de agencias de viajes: no se indica el IVA.)`,
    vatId: 'NIF-IVA',
    taxNumber: 'Número fiscal',
    thanks: 'Gracias por su reserva. ¡Le deseamos un buen viaje!',
    confirmationIntro: 'Confirmamos su reserva de la siguiente manera:',
    statuses: {
      draft: 'Borrador',
      request: 'Solicitud',
      option: 'Opción',
      waitlist: 'Lista de espera',
      firm: 'Confirmada',
      cancelled: 'Cancelada',
      processing: 'En tramitación',
    },
  },
  ru: {
    confirmation: 'Подтверждение поездки',
    invoice: 'Счёт',
    collectiveInvoice: 'Сводный счёт',
    creditNote: 'Кредит-нота',
    creditFor: 'Кредит-нота к счёту {number}',
    bookingNumber: 'Номер брони',
    invoiceNumber: 'Номер счёта',
    creditNoteNumber: 'Номер кредит-ноты',
    invoiceDate: 'Дата счёта',
    creditNoteDate: 'Дата кредит-ноты',
    servicePeriod: 'Период оказания услуг',
    customerNumber: 'Номер клиента',
    trip: 'Поездка',
    dates: 'Даты поездки',
    status: 'Статус',
    optionUntil: 'Опция до',
    booker: 'Заказчик',
    participants: 'Участники поездки',
    participant: 'Участник',
    born: 'род.',
    seatOut: 'Место туда',
    seatBack: 'Место обратно',
    stopOut: 'Посадка (туда)',
    stopBack: 'Высадка (обратно)',
    rooms: 'Номера',
    extras: 'Дополнительные услуги',
    prices: 'Стоимость',
    position: '№',
    description: 'Услуга',
    quantity: 'Кол.',
    unitPrice: 'Цена',
    amount: 'Сумма',
    vat: 'НДС',
    marginShort: '§ 25',
    total: 'Итого',
    vatIncluded: 'в т. ч. НДС {rate} %',
    paid: 'Уже оплачено',
    open: 'К оплате осталось',
    due: 'К оплате',
    credited: 'Сумма кредита',
    schedule: 'График платежей',
    deposit: 'Предоплата',
    balance: 'Остаток',
    dueOn: 'срок',
    payTo: 'Пожалуйста, переведите {amount} до {date} на следующий счёт:',
    bank: 'Банк',
    reference: 'Назначение платежа',
    nothingDue: 'Сумма оплачена полностью.',
    creditRefund: 'Сумма будет возвращена или зачтена в счёт открытых сумм.',
    marginNote: `${MARGIN_DE} (Особый режим для турагентств: НДС не указывается.)`,
    vatId: 'НДС-номер',
    taxNumber: 'Налоговый номер',
    thanks: 'Благодарим за бронирование и желаем приятной поездки!',
    confirmationIntro: 'Подтверждаем ваше бронирование:',
    statuses: {
      draft: 'Черновик',
      request: 'Запрос',
      option: 'Опция',
      waitlist: 'Лист ожидания',
      firm: 'Подтверждено',
      cancelled: 'Аннулировано',
      processing: 'В обработке',
    },
  },
};

const LOCALES: Record<PdfLanguage, string> = { de: 'de-DE', en: 'en-GB', es: 'es-ES', ru: 'ru-RU' };

/** An amount in euro in the reader's number format ("1.234,50 €" in German). */
export const formatMoney = (value: number, lang: PdfLanguage) =>
  new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'EUR' }).format(value).replace(/\u00a0/g, ' ');
