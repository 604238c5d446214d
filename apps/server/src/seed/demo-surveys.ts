import type { DbContext } from '../types.ts';
import {
  createCategory,
  createCompletion,
  createIntro,
  createQuestion,
  createSurvey,
} from '../features/surveys/surveys.service.ts';
import {
  findDemoTravellers,
  findSomeBookings,
  insertDemoResponse,
  type DemoAnswer,
} from './demo-surveys.repository.ts';
import { seededRandom } from './german-data.ts';

const TEXT_ANSWERS = [
  'Mehr Pausen auf der Hinfahrt wären schön.',
  'Das Hotel war hervorragend, gerne wieder!',
  'Die Reiseleitung war sehr kompetent.',
  'Etwas mehr Freizeit in der Stadt.',
  'Sitzplätze weiter vorne für ältere Gäste.',
];

/**
 * Surveys (issue #16): the category Reisebewertung with questions of several types, an intro, a completion, the
 * survey "Feedback zur Reise" and a dozen answers (the demo travellers' and anonymous ones) so that its results
 * are not empty.
 */
export async function seedDemoSurveys(ctx: DbContext): Promise<void> {
  const category = await createCategory(ctx, { title: 'Reisebewertung' });
  const inCategory = { id_survey_categories: category.id };
  const overall = await createQuestion(ctx, {
    ...inCategory,
    title: 'Wie zufrieden waren Sie mit der Reise insgesamt?',
    type: 'scale',
    answer_format: 'stars',
    min_value: 1,
    max_value: 5,
    step: 1,
    min_description: 'gar nicht zufrieden',
    max_description: 'sehr zufrieden',
  });
  const driver = await createQuestion(ctx, {
    ...inCategory,
    title: 'Wie war der Busfahrer?',
    type: 'choice',
    answer_format: 'radio',
    choices: [
      { text: 'Ausgezeichnet', value: 'excellent' },
      { text: 'Gut', value: 'good' },
      { text: 'Geht so', value: 'fair' },
      { text: 'Schlecht', value: 'poor' },
    ],
  });
  const liked = await createQuestion(ctx, {
    ...inCategory,
    title: 'Was hat Ihnen besonders gefallen?',
    type: 'multichoice',
    required: false,
    choices: [
      { text: 'Hotel', value: 'hotel' },
      { text: 'Essen', value: 'food' },
      { text: 'Ausflüge', value: 'excursions' },
      { text: 'Reiseleitung', value: 'guide' },
    ],
  });
  const recommend = await createQuestion(ctx, {
    ...inCategory,
    title: 'Würden Sie uns weiterempfehlen?',
    type: 'yesno',
    positive_answer: 'Ja, gerne',
    negative_answer: 'Eher nicht',
  });
  const better = await createQuestion(ctx, {
    ...inCategory,
    title: 'Was können wir besser machen?',
    type: 'text',
    answer_format: 'paragraph',
    required: false,
    hint: 'Ihre Anregungen',
  });
  const intro = await createIntro(ctx, {
    ...inCategory,
    title: 'Willkommen zur Reisebewertung',
    text: '<p>Vielen Dank, dass Sie mit uns gereist sind! Die Umfrage dauert <strong>2 Minuten</strong>.</p>',
    button_text: 'Los geht’s',
  });
  const completion = await createCompletion(ctx, {
    ...inCategory,
    title: 'Danke für Ihr Feedback',
    text: '<p>Ihre Antworten helfen uns, unsere Reisen noch besser zu machen. Bis zur nächsten Reise!</p>',
    button_text: 'Schließen',
  });
  const survey = await createSurvey(ctx, {
    title: 'Feedback zur Reise',
    description: 'Die Bewertung nach jeder Reise',
    id_survey_intros: intro.id,
    id_survey_completions: completion.id,
    active: true,
    steps: [overall.id, driver.id, liked.id, recommend.id, better.id],
  });

  const random = seededRandom(1616);
  const travellers = await findDemoTravellers(ctx.db, 4);
  const bookings = await findSomeBookings(ctx.db, 4);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const start = Date.now() - 20 * 86_400_000;
  for (let n = 0; n < 12; n += 1) {
    const stars = pick([5, 5, 4, 4, 4, 3, 5, 2]);
    const answers: DemoAnswer[] = [
      { question: overall.id, number: stars },
      { question: driver.id, text: stars >= 4 ? pick(['excellent', 'good']) : pick(['good', 'fair', 'poor']) },
      { question: liked.id, choices: ['hotel', 'food', 'excursions', 'guide'].filter(() => random() < 0.5) },
      { question: recommend.id, number: stars >= 3 ? 1 : 0 },
    ];
    if (n % 2 === 0) answers.push({ question: better.id, text: TEXT_ANSWERS[(n / 2) % TEXT_ANSWERS.length]! });
    const traveller = travellers[n];
    await insertDemoResponse(ctx.db, {
      survey: survey.id,
      user: traveller?.id ?? null,
      booking: traveller ? (bookings[n] ?? null) : null,
      submittedAt: new Date(start + n * 1.5 * 86_400_000 + 9 * 3_600_000).toISOString(),
      answers,
    });
  }
}
