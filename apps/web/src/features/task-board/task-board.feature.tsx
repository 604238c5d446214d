import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { type FeatureModule, type LocaleFile, localeLoaders, lazyPage } from '../../lib/feature.ts';
import type { ResourceApi } from '../../lib/resources.ts';

/** The board belongs to the to-do area: todo-read to see it, todo-create, -update, -delete to change it. */
const TODO_RIGHTS: ResourceApi['permissions'] = {
  list: ['todo-read'],
  show: ['todo-read'],
  create: ['todo-create'],
  edit: ['todo-update'],
  delete: ['todo-delete'],
};

const BoardPage = lazyPage(
  () => import('./board-page.tsx'),
  (m) => m.BoardPage,
);
const pages = () => import('./task-pages.tsx');
const TaskList = lazyPage(pages, (m) => m.TaskList);
const TaskCreate = lazyPage(pages, (m) => m.TaskCreate);
const TaskEdit = lazyPage(pages, (m) => m.TaskEdit);

/**
 * The task board (issue #17, docs/adr/0028): `/board` with the columns of spec §2, cards moved by drag and drop
 * and by keyboard, live for everyone looking at it; `/task` the same cards as a list to search and edit.
 */
export const taskBoardFeature: FeatureModule = {
  name: 'task-board',
  resources: [
    {
      name: 'task',
      api: { read: '/tasks', permissions: TODO_RIGHTS },
      icon: ListAltIcon,
      list: TaskList,
      create: TaskCreate,
      edit: TaskEdit,
      recordRepresentation: 'title',
    },
  ],
  routes: [{ path: '/board', component: BoardPage, permissions: ['todo-read'] }],
  menu: [
    { key: 'board', group: 'time', to: '/board', permissions: ['todo-read'], icon: ViewKanbanIcon },
    { key: 'tasks', group: 'time', to: '/task', permissions: ['todo-read'], icon: ListAltIcon, tile: false },
  ],
  quickApps: [{ key: 'board', to: '/board', permissions: ['todo-read'], icon: ViewKanbanIcon }],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
