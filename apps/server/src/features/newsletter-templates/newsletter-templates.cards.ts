import type { NewsletterTemplateCard } from '@tourdesk/contracts';

/**
 * The fixed starter templates (the spec's "fixed card template sub-pages"): German MJML that staff copy into a
 * new template and adapt. They use the brand placeholders (name, colour, address) so each brand's mails look
 * like that brand, and the contact placeholders for the greeting. Every marketing starter carries the
 * unsubscribe link. Images are left to the user (the editor inserts uploaded ones); the starters are designed
 * to look finished without one.
 */

const head = (preview: string) => `  <mj-head>
    <mj-title>{{brand_name}}</mj-title>
    <mj-preview>${preview}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="16px" line-height="1.6" color="#2b2b2b" />
      <mj-button background-color="{{brand_color}}" color="#ffffff" font-size="16px" font-weight="bold" border-radius="6px" inner-padding="14px 28px" />
    </mj-attributes>
  </mj-head>`;

const header = `    <mj-section background-color="#ffffff" padding="24px 0 8px">
      <mj-column>
        <mj-text align="center" font-size="22px" font-weight="bold" color="{{brand_color}}">{{brand_name}}</mj-text>
      </mj-column>
    </mj-section>`;

const footer = (unsubscribe: boolean) => `    <mj-section padding="16px 0 32px">
      <mj-column>
        <mj-text align="center" font-size="12px" color="#6b6b6b" line-height="1.5">{{brand_address}}</mj-text>${
          unsubscribe
            ? `
        <mj-text align="center" font-size="12px" color="#6b6b6b">Sie erhalten diese E-Mail, weil Sie unseren Newsletter abonniert haben. <a href="{{unsubscribe_url}}" style="color:#6b6b6b">Newsletter abbestellen</a></mj-text>`
            : ''
        }
      </mj-column>
    </mj-section>`;

const greeting = `{{salutation}} {{title}} {{last_name}}`;

const tripCard = (
  title: string,
  dates: string,
  price: string,
  text: string,
) => `      <mj-column width="33.33%" padding="8px">
        <mj-text padding="16px 16px 4px" font-size="18px" font-weight="bold" container-background-color="#ffffff">${title}</mj-text>
        <mj-text padding="0 16px 4px" font-size="13px" color="#6b6b6b" container-background-color="#ffffff">${dates}</mj-text>
        <mj-text padding="0 16px 8px" font-size="14px" container-background-color="#ffffff">${text}</mj-text>
        <mj-text padding="0 16px 16px" font-size="16px" font-weight="bold" color="{{brand_color}}" container-background-color="#ffffff">${price}</mj-text>
      </mj-column>`;

export const TEMPLATE_CARDS: readonly NewsletterTemplateCard[] = [
  {
    key: 'trip-teaser',
    name: 'Reise-Teaser',
    description: 'Eine Reise groß vorgestellt: Titelbild oder Farbfläche, kurzer Text, Knopf zur Buchung.',
    type: 'marketing',
    subject: 'Unser Reisetipp für Sie: Gardasee im Frühling',
    mjml: `<mjml>
${head('Sonne, Zitronen und Dolce Vita – jetzt Plätze sichern.')}
  <mj-body background-color="#f2f0eb">
${header}
    <!-- Tipp: ein Bild aus „Bilder“ hier als mj-image einfügen -->
    <mj-section background-color="{{brand_color}}" padding="48px 24px">
      <mj-column>
        <mj-text align="center" color="#ffffff" font-size="14px" letter-spacing="2px">REISETIPP DES MONATS</mj-text>
        <mj-text align="center" color="#ffffff" font-size="34px" font-weight="bold" line-height="1.2">Gardasee – Perle Italiens</mj-text>
        <mj-text align="center" color="#ffffff" font-size="18px">6 Tage · 12.–17. April · ab 689 €</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="32px 24px">
      <mj-column>
        <mj-text>${greeting},</mj-text>
        <mj-text>der Frühling kommt an den Gardasee früher als zu uns: Zitronenhaine in Limone, Bummeln in Sirmione und ein Abend am Hafen von Malcesine. Unser Reisebus bringt Sie bequem von Ihrer Haustür bis ans Hotel am See.</mj-text>
        <mj-text>Im Preis enthalten: Fahrt im Fernreisebus, 5 Übernachtungen mit Halbpension, Schifffahrt und Reiseleitung.</mj-text>
        <mj-button href="https://www.example.com/reisen/gardasee">Jetzt Plätze sichern</mj-button>
      </mj-column>
    </mj-section>
${footer(true)}
  </mj-body>
</mjml>
`,
  },
  {
    key: 'season-catalogue',
    name: 'Saisonkatalog mit drei Reisen',
    description: 'Drei Reisen nebeneinander (auf dem Handy untereinander), mit Termin, Text und Preis.',
    type: 'marketing',
    subject: 'Reiseideen für den Frühling',
    mjml: `<mjml>
${head('Drei Reiseideen für die schönste Zeit des Jahres.')}
  <mj-body background-color="#f2f0eb">
${header}
    <mj-section background-color="#ffffff" padding="24px 24px 8px">
      <mj-column>
        <mj-text font-size="26px" font-weight="bold" line-height="1.3">Reiseideen Frühling</mj-text>
        <mj-text>${greeting},</mj-text>
        <mj-text>die Tage werden länger – Zeit, die nächste Reise zu planen. Drei Ziele, die im Frühling am schönsten sind:</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="8px 16px">
${tripCard('Dresden &amp; Sächsische Schweiz', '3 Tage · ab 28. März', 'ab 349 €', 'Frauenkirche, Semperoper und die Basteibrücke im ersten Grün.')}
${tripCard('Holland zur Tulpenblüte', '4 Tage · ab 17. April', 'ab 479 €', 'Keukenhof, Grachtenfahrt in Amsterdam und Käsemarkt in Alkmaar.')}
${tripCard('Wien zum Frühlingsbeginn', '5 Tage · ab 5. Mai', 'ab 599 €', 'Schönbrunn, Prater, Heuriger – und ein Abend in der Staatsoper.')}
    </mj-section>
    <mj-section background-color="#ffffff" padding="16px 24px 32px">
      <mj-column>
        <mj-button href="https://www.example.com/reisen">Alle Frühlingsreisen ansehen</mj-button>
      </mj-column>
    </mj-section>
${footer(true)}
  </mj-body>
</mjml>
`,
  },
  {
    key: 'birthday',
    name: 'Geburtstagsgruß',
    description: 'Ein herzlicher Glückwunsch mit kleinem Gutschein – für den automatischen Versand am Geburtstag.',
    type: 'automation',
    subject: 'Alles Gute zum Geburtstag, {{first_name}}!',
    mjml: `<mjml>
${head('Herzlichen Glückwunsch – und ein kleines Geschenk von uns.')}
  <mj-body background-color="#f2f0eb">
${header}
    <mj-section background-color="#ffffff" padding="40px 24px 16px">
      <mj-column>
        <mj-text align="center" font-size="48px" line-height="1">🎂</mj-text>
        <mj-text align="center" font-size="28px" font-weight="bold" color="{{brand_color}}">Herzlichen Glückwunsch!</mj-text>
        <mj-text align="center">Liebe(r) {{first_name}} {{last_name}},<br />das ganze Team von {{brand_name}} wünscht Ihnen zum Geburtstag alles Gute, Gesundheit und viele schöne Reisemomente.</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="0 24px 40px">
      <mj-column border="2px dashed {{brand_color}}" padding="16px">
        <mj-text align="center" font-size="14px" letter-spacing="2px">IHR GEBURTSTAGSGESCHENK</mj-text>
        <mj-text align="center" font-size="30px" font-weight="bold" color="{{brand_color}}">25 € Reisegutschein</mj-text>
        <mj-text align="center" font-size="14px" color="#6b6b6b">Einzulösen bei Ihrer nächsten Buchung bis zum Jahresende.</mj-text>
      </mj-column>
    </mj-section>
${footer(false)}
  </mj-body>
</mjml>
`,
  },
  {
    key: 'booking-reminder',
    name: 'Reiseerinnerung',
    description: 'Kurz vor der Abfahrt: was mitzunehmen ist, wann und wo der Bus abfährt.',
    type: 'transactional',
    subject: 'Bald geht es los – Ihre Reiseinformationen',
    mjml: `<mjml>
${head('Ihre Abfahrt rückt näher – alles Wichtige auf einen Blick.')}
  <mj-body background-color="#f2f0eb">
${header}
    <mj-section background-color="#ffffff" padding="32px 24px 8px">
      <mj-column>
        <mj-text font-size="24px" font-weight="bold">Bald geht es los!</mj-text>
        <mj-text>${greeting},</mj-text>
        <mj-text>in wenigen Tagen beginnt Ihre Reise. Bitte prüfen Sie Ihre Reiseunterlagen und denken Sie an Folgendes:</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="0 24px">
      <mj-column border-left="4px solid {{brand_color}}" padding-left="8px">
        <mj-text>✔ Personalausweis oder Reisepass<br />✔ Krankenversicherungskarte und Medikamente<br />✔ Bequeme Schuhe für Ausflüge<br />✔ Bitte 15 Minuten vor der Abfahrt am Zustieg sein</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="16px 24px 32px">
      <mj-column>
        <mj-text>Fragen beantworten wir Ihnen gern. Wir wünschen eine gute Reise!</mj-text>
        <mj-text>Ihr Team von {{brand_name}}</mj-text>
      </mj-column>
    </mj-section>
${footer(false)}
  </mj-body>
</mjml>
`,
  },
  {
    key: 'plain-letter',
    name: 'Schlichter Brief',
    description: 'Nur Text im Briefstil – für persönliche Mitteilungen ohne Gestaltung.',
    type: 'marketing',
    subject: 'Neuigkeiten von {{brand_name}}',
    mjml: `<mjml>
${head('Persönliche Neuigkeiten von Ihrem Reiseveranstalter.')}
  <mj-body background-color="#ffffff">
${header}
    <mj-section padding="16px 24px">
      <mj-column>
        <mj-divider border-width="2px" border-color="{{brand_color}}" width="60px" />
        <mj-text>${greeting},</mj-text>
        <mj-text>hier steht Ihre Nachricht. Schreiben Sie so, wie Sie mit Ihren Stammgästen am Telefon sprechen: kurz, freundlich und mit einem klaren Anliegen.</mj-text>
        <mj-text>Mit freundlichen Grüßen<br />Ihr Team von {{brand_name}}</mj-text>
      </mj-column>
    </mj-section>
${footer(true)}
  </mj-body>
</mjml>
`,
  },
];
