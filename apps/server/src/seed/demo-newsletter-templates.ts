import type { DbContext } from '../types.ts';
import { createTemplate, templateCards } from '../features/newsletter-templates/newsletter-templates.service.ts';

/** The booking confirmation of the demo: a transactional mail, no unsubscribe link needed. */
const BOOKING_CONFIRMATION = `<mjml>
  <mj-head>
    <mj-title>{{brand_name}}</mj-title>
    <mj-preview>Vielen Dank für Ihre Buchung – hier sind Ihre Reisedaten.</mj-preview>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="16px" line-height="1.6" color="#2b2b2b" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f2f0eb">
    <mj-section background-color="#ffffff" padding="24px 0 8px">
      <mj-column>
        <mj-text align="center" font-size="22px" font-weight="bold" color="{{brand_color}}">{{brand_name}}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="{{brand_color}}" padding="28px 24px">
      <mj-column>
        <mj-text align="center" color="#ffffff" font-size="28px" font-weight="bold">Buchung bestätigt ✔</mj-text>
        <mj-text align="center" color="#ffffff">Vielen Dank für Ihr Vertrauen!</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="24px 24px 8px">
      <mj-column>
        <mj-text>{{salutation}} {{title}} {{last_name}},</mj-text>
        <mj-text>wir haben Ihre Buchung erhalten und bestätigen sie hiermit verbindlich. Ihre Reiseunterlagen mit Sitzplatz und Zustiegszeit erhalten Sie etwa zwei Wochen vor der Abfahrt.</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="0 24px 8px">
      <mj-column background-color="#f7f6f2" padding="12px">
        <mj-table font-size="15px" line-height="1.6">
          <tr><td style="color:#6b6b6b;padding-right:16px">Reisende(r)</td><td>{{first_name}} {{last_name}}</td></tr>
          <tr><td style="color:#6b6b6b;padding-right:16px">E-Mail</td><td>{{email}}</td></tr>
          <tr><td style="color:#6b6b6b;padding-right:16px">Zahlung</td><td>20 % Anzahlung nach Erhalt der Rechnung, Rest 4 Wochen vor Abfahrt</td></tr>
        </mj-table>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="8px 24px 32px">
      <mj-column>
        <mj-text>Haben Sie Fragen zu Ihrer Reise? Antworten Sie einfach auf diese E-Mail – wir helfen gern.</mj-text>
        <mj-text>Herzliche Grüße<br />Ihr Team von {{brand_name}}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="16px 0 32px">
      <mj-column>
        <mj-text align="center" font-size="12px" color="#6b6b6b">{{brand_address}}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>
`;

/**
 * The demo's newsletter templates (issue #14): `Reiseideen Frühling` (marketing, from the seasonal catalogue
 * card), `Buchungsbestätigung` (transactional) and `Geburtstagsgruß` (automation). Campaign demo data finds
 * them by name. Saved through the service, so they pass the same MJML checks as the editor's.
 */
export async function seedDemoNewsletterTemplates(ctx: DbContext): Promise<void> {
  const card = (key: string) => templateCards().find((candidate) => candidate.key === key)!;
  const catalogue = card('season-catalogue');
  const birthday = card('birthday');
  await createTemplate(
    ctx,
    { name: 'Reiseideen Frühling', type: 'marketing', subject: catalogue.subject, mjml: catalogue.mjml },
    null,
  );
  await createTemplate(
    ctx,
    {
      name: 'Buchungsbestätigung',
      type: 'transactional',
      subject: 'Ihre Buchung bei {{brand_name}} ist bestätigt',
      mjml: BOOKING_CONFIRMATION,
    },
    null,
  );
  await createTemplate(
    ctx,
    { name: 'Geburtstagsgruß', type: 'automation', subject: birthday.subject, mjml: birthday.mjml },
    null,
  );
}
