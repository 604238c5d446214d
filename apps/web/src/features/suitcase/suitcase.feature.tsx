import LuggageIcon from '@mui/icons-material/Luggage';
import { type FeatureModule, lazyPage } from '../../lib/feature.ts';
import { suitcaseMobile } from './suitcase.mobile.ts';

const templates = () => import('./template-pages.tsx');
const TemplateList = lazyPage(templates, (m) => m.TemplateList);
const TemplateCreate = lazyPage(templates, (m) => m.TemplateCreate);
const TemplateEdit = lazyPage(templates, (m) => m.TemplateEdit);

/**
 * Packing the suitcase (issue #13): staff keep travel-bag templates (/app/travelbag, app-user management rights);
 * travellers pack a list per journey on the phone (/appuser/PackSuitcase, suitcase.mobile.ts), offline too.
 */
export const suitcaseFeature: FeatureModule = {
  ...suitcaseMobile,
  resources: [
    {
      name: 'app/travelbag',
      api: {
        read: '/app/travelbagtemplates',
        permissions: {
          list: ['appusermanagement-read'],
          show: ['appusermanagement-read'],
          create: ['appusermanagement-create'],
          edit: ['appusermanagement-update'],
          delete: ['appusermanagement-delete'],
        },
      },
      icon: LuggageIcon,
      list: TemplateList,
      create: TemplateCreate,
      edit: TemplateEdit,
      recordRepresentation: 'short',
    },
  ],
  menu: [
    {
      key: 'travelBag',
      group: 'app',
      to: '/app/travelbag',
      permissions: ['appusermanagement-read'],
      icon: LuggageIcon,
    },
  ],
  readOnlyFields: ['item_count', 'id_travelbagtemplates'],
};
