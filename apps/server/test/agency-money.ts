import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { expect } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { validateXML } from 'xmllint-wasm';
import type { Booking } from '@tourdesk/contracts';
import { call, type TestApp } from './helpers.ts';

/** Helpers of the agency-money tests (commissions, collective invoices): bookings, cents, PDFs, e-invoices. */

const XSD_DIR = join(import.meta.dirname, 'fixtures/facturx');
const XSD_MAIN = 'Factur-X_1.07.3_EN16931.xsd';

/** xmllint (as WebAssembly) against the Factur-X 1.07.3 EN16931 schema, as the documents tests do. */
export function validateCii(xml: string) {
  const files = readdirSync(XSD_DIR).filter((name) => name.endsWith('.xsd'));
  return validateXML({
    xml: { fileName: 'invoice.xml', contents: xml },
    schema: { fileName: XSD_MAIN, contents: readFileSync(join(XSD_DIR, XSD_MAIN), 'utf8') },
    preload: files
      .filter((name) => name !== XSD_MAIN)
      .map((name) => ({ fileName: name, contents: readFileSync(join(XSD_DIR, name), 'utf8') })),
  });
}

/** The XML a Factur-X PDF carries (its one embedded file, deflated). */
export function embeddedXml(pdf: Buffer) {
  const match = /\/Type \/EmbeddedFile\b[\s\S]*?\/Length (\d+)[\s\S]*?stream\r?\n/.exec(pdf.toString('latin1'));
  if (!match) return null;
  const start = match.index + match[0].length;
  return inflateSync(pdf.subarray(start, start + Number(match[1]))).toString('utf8');
}

export async function pdfText(bytes: Buffer | Uint8Array) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

/** A booking through POST /ratio_vorgang as `as` (an agency user books for its agency). */
export async function book(
  t: TestApp,
  as: string,
  termin: number,
  options: { type?: string; participants?: number; insurance?: string; surname?: string } = {},
): Promise<Booking> {
  const surname = options.surname ?? 'Kühn';
  const response = await call(t.app, as, {
    method: 'POST',
    url: '/ratio_vorgang',
    payload: {
      termin,
      type: options.type ?? 'regular',
      language: 'de',
      buchender: { firstName: 'Jörg', surname },
      teilnehmer: Array.from({ length: options.participants ?? 2 }, (_, i) => ({
        name: surname,
        name1: `Reisende ${i + 1}`,
        zustieghin: 1,
        zustiegrueck: 1,
        ...(i === 0 && options.insurance ? { geburtstag: '1970-01-01', insurance: options.insurance } : {}),
      })),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Booking>();
}

export async function getBooking(t: TestApp, as: string, id: number): Promise<Booking> {
  const response = await call(t.app, as, { method: 'GET', url: `/ratio_vorgang/${id}` });
  expect(response.statusCode).toBe(200);
  return response.json<Booking>();
}

/** What commission is earned on: Σ of the price lines except insurance, in cents. */
export const travelCentsOf = (booking: Booking) =>
  booking.priceLines
    .filter((line) => line.kind !== 'insurance')
    .reduce((sum, line) => sum + Math.round(line.amount * 100), 0);

/** Commission of a booking in cents at `percent`. */
export const commissionCentsOf = (travelCents: number, percent: number) =>
  Math.round((travelCents * Math.round(percent * 100)) / 10000);

/** Cancels named participants (or the whole booking) through the two-step cancellation. */
export async function cancel(t: TestApp, as: string, id: number, participants?: number[]) {
  const response = await call(t.app, as, {
    method: 'GET',
    url: `/ratio/api/cancellation?initProcessCancellation=true&processId=${id}${participants ? `&participants=${participants.join(',')}` : ''}`,
  });
  expect(response.statusCode, response.body).toBe(200);
}
