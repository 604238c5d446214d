import { Route } from 'react-router-dom';
import WidgetsIcon from '@mui/icons-material/Widgets';
import type { ResourceApi } from '../../lib/resources.ts';
import { type FeatureModule, type LocaleFile, localeLoaders, lazyPage } from '../../lib/feature.ts';

const pages = () => import('./default-component-pages.tsx');
const DefaultComponentList = lazyPage(pages, (m) => m.DefaultComponentList);
const DefaultComponentCreate = lazyPage(pages, (m) => m.DefaultComponentCreate);
const DefaultComponentEdit = lazyPage(pages, (m) => m.DefaultComponentEdit);
const DefaultComponentCopy = lazyPage(pages, (m) => m.DefaultComponentCopy);
// gen:feature skip start
const GeneratorDocs = lazyPage(
  () => import('./generator-docs.tsx'),
  (m) => m.GeneratorDocs,
);
// gen:feature skip end

const superadminOnly: ResourceApi['permissions'] = {
  list: ['superadmin'],
  show: ['superadmin'],
  create: ['superadmin'],
  edit: ['superadmin'],
  delete: ['superadmin'],
};

/**
 * The default component (spec §2 `/defaultcomponent` with create, copy and {id}; superadmin): the smallest complete
 * feature, the living template that `npm run gen:feature <name>` copies (docs/adr/0034).
 */
export const defaultComponentsFeature: FeatureModule = {
  name: 'default-components',
  resources: [
    {
      name: 'defaultcomponent',
      api: { read: '/defaultcomponent', permissions: superadminOnly },
      icon: WidgetsIcon,
      list: DefaultComponentList,
      create: DefaultComponentCreate,
      edit: DefaultComponentEdit,
      recordRepresentation: 'name',
      routes: <Route path="copy/:id?/*" element={<DefaultComponentCopy />} />,
    },
  ],
  // gen:feature skip start
  // The template's own menu entry (its label is in the app's messages); a generated feature adds its own.
  menu: [
    {
      key: 'defaultComponent',
      group: 'system',
      to: '/defaultcomponent',
      permissions: ['superadmin'],
      icon: WidgetsIcon,
    },
  ],
  // /empty with create, copy and {id} (spec §2): the generator's documentation page.
  routes: ['/empty', '/empty/create', '/empty/copy/:id?', '/empty/:id'].map((path) => ({
    path,
    component: GeneratorDocs,
    permissions: ['superadmin'] as const,
  })),
  // gen:feature skip end
  messages: localeLoaders(import.meta.glob<LocaleFile>('./locales/*.json')),
};
