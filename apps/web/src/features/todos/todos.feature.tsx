import { Navigate } from 'react-router-dom';
import ChecklistIcon from '@mui/icons-material/Checklist';
import type { ResourceApi } from '../../lib/resources.ts';
import { type FeatureModule, type LocaleFile, localeLoaders, lazyPage } from '../../lib/feature.ts';

const pages = () => import('./todo-pages.tsx');
const TodoList = lazyPage(pages, (m) => m.TodoList);
const TodoCreate = lazyPage(pages, (m) => m.TodoCreate);
const TodoEdit = lazyPage(pages, (m) => m.TodoEdit);

/** Reading needs todo-read; writing the area's create, update and delete rights. */
export const TODO_RIGHTS: ResourceApi['permissions'] = {
  list: ['todo-read'],
  show: ['todo-read'],
  create: ['todo-create'],
  edit: ['todo-update'],
  delete: ['todo-delete'],
};

/** The quick app `/todo` opens the to-do list. */
function TodoShortcut() {
  return <Navigate to="/time/todo" replace />;
}

/**
 * The office's to-do list (issue #17, docs/adr/0028): `/time/todo` (and `/todo` from the apps grid), with due
 * date and time, an assignee, a customer or booking it is about, and a quick check-off.
 */
export const todosFeature: FeatureModule = {
  name: 'todos',
  resources: [
    {
      name: 'time/todo',
      api: { read: '/todos', permissions: TODO_RIGHTS },
      icon: ChecklistIcon,
      list: TodoList,
      create: TodoCreate,
      edit: TodoEdit,
      recordRepresentation: 'title',
    },
  ],
  routes: [{ path: '/todo', component: TodoShortcut, permissions: ['todo-read'] }],
  menu: [{ key: 'todo', group: 'time', to: '/time/todo', permissions: ['todo-read'], icon: ChecklistIcon }],
  quickApps: [{ key: 'todo', to: '/todo', permissions: ['todo-read'], icon: ChecklistIcon }],
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
