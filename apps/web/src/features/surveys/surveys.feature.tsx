import { Route } from 'react-router-dom';
import CategoryIcon from '@mui/icons-material/Category';
import FlagIcon from '@mui/icons-material/Flag';
import HelpOutlineIcon from '@mui/icons-material/Quiz';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircle';
import PollIcon from '@mui/icons-material/Poll';
import type { ResourceApi } from '../../lib/resources.ts';
import { type FeatureModule, type LocaleFile, localeLoaders, lazyPage } from '../../lib/feature.ts';

const categoryPages = () => import('./category-pages.tsx');
const CategoryList = lazyPage(categoryPages, (m) => m.CategoryList);
const CategoryCreate = lazyPage(categoryPages, (m) => m.CategoryCreate);
const CategoryEdit = lazyPage(categoryPages, (m) => m.CategoryEdit);
const CategoryCopy = lazyPage(categoryPages, (m) => m.CategoryCopy);

const textPages = () => import('./text-pages.tsx');
const IntroList = lazyPage(textPages, (m) => m.IntroList);
const IntroCreate = lazyPage(textPages, (m) => m.IntroCreate);
const IntroEdit = lazyPage(textPages, (m) => m.IntroEdit);
const IntroCopy = lazyPage(textPages, (m) => m.IntroCopy);
const CompletionList = lazyPage(textPages, (m) => m.CompletionList);
const CompletionCreate = lazyPage(textPages, (m) => m.CompletionCreate);
const CompletionEdit = lazyPage(textPages, (m) => m.CompletionEdit);
const CompletionCopy = lazyPage(textPages, (m) => m.CompletionCopy);

const questionPages = () => import('./question-pages.tsx');
const QuestionList = lazyPage(questionPages, (m) => m.QuestionList);
const QuestionCreate = lazyPage(questionPages, (m) => m.QuestionCreate);
const QuestionEdit = lazyPage(questionPages, (m) => m.QuestionEdit);
const QuestionCopy = lazyPage(questionPages, (m) => m.QuestionCopy);

const surveyPages = () => import('./survey-pages.tsx');
const SurveyList = lazyPage(surveyPages, (m) => m.SurveyList);
const SurveyCreate = lazyPage(surveyPages, (m) => m.SurveyCreate);
const SurveyEdit = lazyPage(surveyPages, (m) => m.SurveyEdit);
const SurveyCopy = lazyPage(surveyPages, (m) => m.SurveyCopy);
const SurveyResultsPage = lazyPage(
  () => import('./survey-results.tsx'),
  (m) => m.SurveyResultsPage,
);

const surveyRights: ResourceApi['permissions'] = {
  list: ['appusurvey-read'],
  show: ['appusurvey-read'],
  create: ['appusurvey-create'],
  edit: ['appusurvey-update'],
  delete: ['appusurvey-delete'],
};

/**
 * Surveys for staff (issue #16, spec §2 /survey: categories, intros, questions, completions, surveys, each with
 * create, copy/{id} and {id}); a survey's results with charts and its CSV export.
 */
/** The five survey screens: path under /survey, menu key, icon and pages (each also has `copy/{id}`). */
const SCREENS = [
  {
    path: 'categories',
    key: 'surveyCategories',
    icon: CategoryIcon,
    list: CategoryList,
    create: CategoryCreate,
    edit: CategoryEdit,
    Copy: CategoryCopy,
  },
  {
    path: 'intros',
    key: 'surveyIntros',
    icon: PlayCircleOutlineIcon,
    list: IntroList,
    create: IntroCreate,
    edit: IntroEdit,
    Copy: IntroCopy,
  },
  {
    path: 'questions',
    key: 'surveyQuestions',
    icon: HelpOutlineIcon,
    list: QuestionList,
    create: QuestionCreate,
    edit: QuestionEdit,
    Copy: QuestionCopy,
  },
  {
    path: 'completions',
    key: 'surveyCompletions',
    icon: FlagIcon,
    list: CompletionList,
    create: CompletionCreate,
    edit: CompletionEdit,
    Copy: CompletionCopy,
  },
  {
    path: 'surveys',
    key: 'surveys',
    icon: PollIcon,
    list: SurveyList,
    create: SurveyCreate,
    edit: SurveyEdit,
    show: SurveyResultsPage,
    Copy: SurveyCopy,
  },
];

export const surveysFeature: FeatureModule = {
  name: 'surveys',
  resources: SCREENS.map(({ path, key: _key, Copy, ...pages }) => ({
    name: `survey/${path}`,
    api: { read: `/survey/${path}`, permissions: surveyRights },
    ...pages,
    recordRepresentation: 'title',
    routes: <Route path="copy/:id?/*" element={<Copy />} />,
  })),
  menu: SCREENS.map(({ path, key, icon }) => ({
    key,
    group: 'surveys',
    to: `/survey/${path}`,
    permissions: ['appusurvey-read'],
    icon,
  })),
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
  readOnlyFields: ['responses'],
};
