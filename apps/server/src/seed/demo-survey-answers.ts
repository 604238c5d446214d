import type { DbContext } from '../types.ts';
import { createSurveyFixture, setFeedbackSurveyOfJourney } from './survey-fixtures.repository.ts';

/** The title of the demo traveller's feedback survey (the e2e spec of answering finds it by this title). */
export const DEMO_ANSWER_SURVEY_TITLE = 'Ihre Meinung zur Bodensee-Reise';

/**
 * The feedback survey of the demo traveller's past trip "Herbstfarben am Bodensee" (DEMO-APP-9102, issue #16):
 * the traveller answers it in the app from the past journey's "Reise bewerten". Runs after the traveller's trips.
 */
export async function seedDemoSurveyAnswers(ctx: DbContext): Promise<void> {
  const survey = await createSurveyFixture(ctx, {
    title: DEMO_ANSWER_SURVEY_TITLE,
    description: 'Rückblick auf die Reise an den Bodensee',
    intro: {
      title: 'Wie war Ihre Reise an den Bodensee?',
      text: 'Schön, dass Sie mit uns unterwegs waren! Die Umfrage dauert etwa zwei Minuten; Ihre Antworten helfen uns, die nächsten Reisen noch schöner zu machen.',
      button_text: 'Umfrage starten',
    },
    completion: {
      title: 'Herzlichen Dank!',
      text: 'Ihre Antworten sind bei uns angekommen. Wir freuen uns darauf, Sie bald wieder an Bord zu begrüßen.',
    },
    questions: [
      {
        title: 'Wie hat Ihnen die Reise an den Bodensee insgesamt gefallen?',
        type: 'scale',
        answer_format: 'stars',
        min_value: 1,
        max_value: 5,
        step: 1,
        min_description: 'gar nicht',
        max_description: 'sehr zufrieden',
        required: true,
      },
      {
        title: 'Würden Sie uns weiterempfehlen?',
        type: 'yesno',
        positive_answer: 'Ja, gern',
        negative_answer: 'Eher nicht',
        required: true,
      },
      {
        title: 'Wie fanden Sie das Hotel?',
        type: 'choice',
        answer_format: 'radio',
        choices: [
          { text: 'Ausgezeichnet', value: 'excellent' },
          { text: 'Gut', value: 'good' },
          { text: 'In Ordnung', value: 'ok' },
          { text: 'Enttäuschend', value: 'poor' },
        ],
      },
      {
        title: 'Was hat Ihnen besonders gefallen?',
        type: 'multichoice',
        choices: [
          { text: 'Blumeninsel Mainau', value: 'mainau' },
          { text: 'Meersburg mit Weinprobe', value: 'meersburg' },
          { text: 'Pfänderbahn über Bregenz', value: 'pfaender' },
          { text: 'Die Busfahrt', value: 'bus' },
        ],
      },
      {
        title: 'Wie bewerten Sie unseren Busfahrer?',
        type: 'scale',
        answer_format: 'slider',
        min_value: 0,
        max_value: 10,
        step: 1,
        min_description: 'schlecht',
        max_description: 'hervorragend',
      },
      { title: 'Möchten Sie uns noch etwas mitteilen?', type: 'text', answer_format: 'paragraph' },
    ],
  });
  await setFeedbackSurveyOfJourney(ctx, 'DEMO-APP-9102', survey.id);
}
