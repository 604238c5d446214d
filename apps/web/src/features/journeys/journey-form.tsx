import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { Box } from '@mui/material';
import {
  TabbedForm,
  TabbedFormTabs,
  useRecordContext,
  useSplatPathBase,
  useTranslate,
  type TabbedFormProps,
} from 'react-admin';
import { useFormState } from 'react-hook-form';
import { JourneyAccommodationInputs } from './journey-accommodations-tab.tsx';
import { JourneyBasicInputs } from './journey-basic-tab.tsx';
import { JourneyDateInputs } from './journey-dates-tab.tsx';
import { JourneyExtraInputs } from './journey-extras-tab.tsx';
import { errorPaths, tabsWithErrors, type JourneyTab } from './journey-form-logic.ts';
import { JourneyImagesTab } from './journey-images-tab.tsx';
import { JourneyMetaInputs } from './journey-meta-tab.tsx';
import { JourneyStopInputs } from './journey-stops-tab.tsx';
import { JourneyTermsInputs } from './journey-terms-tab.tsx';
import { JourneyTextInputs } from './journey-texts-tab.tsx';

/** The address part of each tab below the editor's address (the first tab has none). */
const TAB_PATH: Record<JourneyTab, string> = {
  basic: '',
  texts: 'texts',
  accommodations: 'accommodations',
  dates: 'dates',
  images: 'images',
  extras: 'extras',
  stops: 'stops',
  terms: 'terms',
  meta: 'meta',
};

/** The tabs holding a field with an error, by the field paths of the form's errors. */
function useErrorTabs(): JourneyTab[] {
  const { errors } = useFormState();
  return tabsWithErrors(errorPaths(errors));
}

/** A tab's name; with an error icon (and the word "error" for screen readers) while a field of it is wrong. */
function TabLabel({ tab }: { tab: JourneyTab }) {
  const translate = useTranslate();
  const wrong = useErrorTabs().includes(tab);
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {wrong ? <ErrorOutlineIcon fontSize="small" color="error" aria-hidden /> : null}
      {translate(`journeys.tabs.${tab}`)}
      {wrong ? (
        <Box component="span" sx={visuallyHidden}>
          {` (${translate('journeys.help.tabHasErrors')})`}
        </Box>
      ) : null}
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const tab = (name: JourneyTab) => ({ label: <TabLabel tab={name} />, path: TAB_PATH[name] });

/**
 * The trip editor: nine tabs (images once the journey is saved), one save for the whole journey. Leaving
 * with unsaved changes asks first; field errors of the contract or the server show at their field, and the
 * tabs holding them are marked (an error icon, and "has errors" for screen readers).
 */
export function JourneyForm(props: Omit<TabbedFormProps, 'children'>) {
  const record = useRecordContext();
  const journeyId = typeof record?.id === 'number' ? record.id : null;
  // react-admin guesses the form's address from `:resource/create/*`, which a resource with a slash
  // (`internet/journeys`) does not match: it would take the list for part of the form and leave unasked.
  const formRootPathname = useSplatPathBase();
  return (
    <TabbedForm
      warnWhenUnsavedChanges
      noValidate
      formRootPathname={formRootPathname}
      {...props}
      tabs={<TabbedFormTabs variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile />}
    >
      <TabbedForm.Tab {...tab('basic')}>
        <JourneyBasicInputs />
      </TabbedForm.Tab>
      <TabbedForm.Tab {...tab('texts')}>
        <JourneyTextInputs />
      </TabbedForm.Tab>
      <TabbedForm.Tab {...tab('accommodations')}>
        <JourneyAccommodationInputs />
      </TabbedForm.Tab>
      <TabbedForm.Tab {...tab('dates')}>
        <JourneyDateInputs />
      </TabbedForm.Tab>
      {journeyId !== null ? (
        <TabbedForm.Tab {...tab('images')}>
          <JourneyImagesTab journeyId={journeyId} />
        </TabbedForm.Tab>
      ) : null}
      <TabbedForm.Tab {...tab('extras')}>
        <JourneyExtraInputs />
      </TabbedForm.Tab>
      <TabbedForm.Tab {...tab('stops')}>
        <JourneyStopInputs />
      </TabbedForm.Tab>
      <TabbedForm.Tab {...tab('terms')}>
        <JourneyTermsInputs />
      </TabbedForm.Tab>
      <TabbedForm.Tab {...tab('meta')}>
        <JourneyMetaInputs />
      </TabbedForm.Tab>
    </TabbedForm>
  );
}
