import { DOCUMENT_LANGUAGES, type DocumentLanguage } from '@tourdesk/contracts';
import { fillText } from '../../lib/text-template.ts';

/**
 * The words of the price, fee and credit lines the system writes itself, in the booking's language: they are kept
 * on the booking and printed on its invoices and credit notes as written then (what the trip's catalogue names —
 * prices, supplements, extras, stops — stays as the office entered it).
 */
type LineTexts = {
  stopOut: string;
  stopBack: string;
  cancellationFee: string;
  cancelled: string;
  cancelledOther: string;
  invoiceCancelled: string;
  cappedToOpen: string;
};

const LINE_TEXTS: Record<DocumentLanguage, LineTexts> = {
  de: {
    stopOut: 'Zustieg Hinfahrt {stop}',
    stopBack: 'Zustieg Rückfahrt {stop}',
    cancellationFee: 'Stornogebühr {percent} %',
    cancelled: 'Storno – {name}',
    cancelledOther: 'Storno weiterer Leistungen',
    invoiceCancelled: 'Storno der Rechnung {number}',
    cappedToOpen: 'Begrenzt auf den offenen Rechnungsbetrag',
  },
  en: {
    stopOut: 'Boarding outbound {stop}',
    stopBack: 'Boarding return {stop}',
    cancellationFee: 'Cancellation fee {percent}%',
    cancelled: 'Cancellation – {name}',
    cancelledOther: 'Cancellation of further services',
    invoiceCancelled: 'Cancellation of invoice {number}',
    cappedToOpen: 'Limited to the amount still open on the invoice',
  },
  es: {
    stopOut: 'Subida ida {stop}',
    stopBack: 'Subida vuelta {stop}',
    cancellationFee: 'Gastos de cancelación {percent} %',
    cancelled: 'Cancelación – {name}',
    cancelledOther: 'Cancelación de otros servicios',
    invoiceCancelled: 'Anulación de la factura {number}',
    cappedToOpen: 'Limitado al importe pendiente de la factura',
  },
  ru: {
    stopOut: 'Посадка туда {stop}',
    stopBack: 'Посадка обратно {stop}',
    cancellationFee: 'Плата за аннуляцию {percent} %',
    cancelled: 'Аннуляция – {name}',
    cancelledOther: 'Аннуляция прочих услуг',
    invoiceCancelled: 'Сторнирование счёта {number}',
    cappedToOpen: 'Ограничено неоплаченной суммой счёта',
  },
};

const NUMBER_LOCALES: Record<DocumentLanguage, string> = { de: 'de-DE', en: 'en-GB', es: 'es-ES', ru: 'ru-RU' };

/** A line's text in `language`, its placeholders filled. */
export function lineText(
  language: DocumentLanguage,
  key: keyof LineTexts,
  values: Record<string, string | number> = {},
): string {
  return fillText(LINE_TEXTS[language][key], values);
}

/** A percentage's number as the language writes it: "12,5" in German, "12.5" in English. */
export const percentNumber = (percent: number, language: DocumentLanguage) =>
  new Intl.NumberFormat(NUMBER_LOCALES[language], { maximumFractionDigits: 2 }).format(percent);

/** A stored language as one documents are written in (German for anything else). */
export const documentLanguage = (value: string): DocumentLanguage =>
  (DOCUMENT_LANGUAGES as readonly string[]).includes(value) ? (value as DocumentLanguage) : 'de';
