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
export const surveysFeature: FeatureModule = {
  name: 'surveys',
  resources: [
    {
      name: 'survey/categories',
      api: { read: '/survey/categories', permissions: surveyRights },
      icon: CategoryIcon,
      list: CategoryList,
      create: CategoryCreate,
      edit: CategoryEdit,
      recordRepresentation: 'title',
      routes: <Route path="copy/:id?/*" element={<CategoryCopy />} />,
    },
    {
      name: 'survey/intros',
      api: { read: '/survey/intros', permissions: surveyRights },
      icon: PlayCircleOutlineIcon,
      list: IntroList,
      create: IntroCreate,
      edit: IntroEdit,
      recordRepresentation: 'title',
      routes: <Route path="copy/:id?/*" element={<IntroCopy />} />,
    },
    {
      name: 'survey/questions',
      api: { read: '/survey/questions', permissions: surveyRights },
      icon: HelpOutlineIcon,
      list: QuestionList,
      create: QuestionCreate,
      edit: QuestionEdit,
      recordRepresentation: 'title',
      routes: <Route path="copy/:id?/*" element={<QuestionCopy />} />,
    },
    {
      name: 'survey/completions',
      api: { read: '/survey/completions', permissions: surveyRights },
      icon: FlagIcon,
      list: CompletionList,
      create: CompletionCreate,
      edit: CompletionEdit,
      recordRepresentation: 'title',
      routes: <Route path="copy/:id?/*" element={<CompletionCopy />} />,
    },
    {
      name: 'survey/surveys',
      api: { read: '/survey/surveys', permissions: surveyRights },
      icon: PollIcon,
      list: SurveyList,
      create: SurveyCreate,
      edit: SurveyEdit,
      show: SurveyResultsPage,
      recordRepresentation: 'title',
      routes: <Route path="copy/:id?/*" element={<SurveyCopy />} />,
    },
  ],
  menu: [
    {
      key: 'surveyCategories',
      group: 'surveys',
      to: '/survey/categories',
      permissions: ['appusurvey-read'],
      icon: CategoryIcon,
    },
    {
      key: 'surveyIntros',
      group: 'surveys',
      to: '/survey/intros',
      permissions: ['appusurvey-read'],
      icon: PlayCircleOutlineIcon,
    },
    {
      key: 'surveyQuestions',
      group: 'surveys',
      to: '/survey/questions',
      permissions: ['appusurvey-read'],
      icon: HelpOutlineIcon,
    },
    {
      key: 'surveyCompletions',
      group: 'surveys',
      to: '/survey/completions',
      permissions: ['appusurvey-read'],
      icon: FlagIcon,
    },
    { key: 'surveys', group: 'surveys', to: '/survey/surveys', permissions: ['appusurvey-read'], icon: PollIcon },
  ],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
  readOnlyFields: ['responses'],
};
