import { Create, Edit, TabbedForm, TopToolbar, useGetOne, useRecordContext, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { Customer } from '@tourdesk/contracts/customers.schema';
import { customerCopy } from './customer-copy.ts';
import { CustomerBookingsTab } from './customer-bookings-tab.tsx';
import { CustomerImportButton } from './customer-import-button.tsx';
import { CustomerPrivacy } from './customer-privacy.tsx';
import { useHasAnyPermission } from '../../lib/permissions.ts';
import { useSavedNotice } from '../../ui/saved-notice.ts';
import { CustomerForm } from '../../shared/customer-form.tsx';
import { SaveDeleteToolbar } from '../../shared/save-delete-toolbar.tsx';
import { createCustomerResolver, updateCustomerResolver } from '../../shared/customer-validation.ts';

const customerName = (record: Customer) => record.name;

export function CustomerCreate() {
  const saved = useSavedNotice('customers.notifications.saved', customerName, 'edit');
  return (
    <Create mutationOptions={saved} mutationMode="pessimistic">
      <CustomerForm variant="staff" resolver={createCustomerResolver} />
    </Create>
  );
}

/** /customers/copy/{id}: a new customer prefilled with the address, type and agency of an existing one. */
export function CustomerCopy() {
  const { id } = useParams();
  const translate = useTranslate();
  const saved = useSavedNotice('customers.notifications.saved', customerName, 'edit');
  const { data, isPending } = useGetOne<Customer>('customers', { id: Number(id) }, { enabled: Boolean(id) });
  if (id && isPending) return null;
  return (
    <Create
      resource="customers"
      record={data ? customerCopy(data) : undefined}
      mutationOptions={saved}
      mutationMode="pessimistic"
      title={translate('app.actions.copy')}
    >
      <CustomerForm variant="staff" resolver={createCustomerResolver} />
    </Create>
  );
}

/** The bookings tab's content: the customer of the form's record. */
function BookingsOfRecord() {
  const record = useRecordContext<Customer>();
  return record ? <CustomerBookingsTab customerId={record.id} /> : null;
}

/** The privacy tab's content: GDPR export and anonymisation of the form's record. */
function PrivacyOfRecord() {
  const record = useRecordContext<Customer>();
  return record ? <CustomerPrivacy customer={record} /> : null;
}

export function CustomerEdit() {
  const saved = useSavedNotice('customers.notifications.saved', customerName);
  const mayReadBookings = useHasAnyPermission(['vorgang-read']);
  const mayUsePrivacy = useHasAnyPermission(['admin', 'customers-delete']);
  const bookingsTab = mayReadBookings ? (
    <TabbedForm.Tab key="bookings" label="customers.tabs.bookings" path="bookings">
      <BookingsOfRecord />
    </TabbedForm.Tab>
  ) : null;
  const privacyTab = mayUsePrivacy ? (
    <TabbedForm.Tab key="privacy" label="customers.tabs.privacy" path="privacy">
      <PrivacyOfRecord />
    </TabbedForm.Tab>
  ) : null;
  return (
    <Edit
      mutationMode="pessimistic"
      mutationOptions={saved}
      actions={
        <TopToolbar>
          <CustomerImportButton />
        </TopToolbar>
      }
    >
      <CustomerForm
        variant="staff"
        resolver={updateCustomerResolver}
        toolbar={<SaveDeleteToolbar />}
        extraTabs={[bookingsTab, privacyTab].filter((tab) => tab !== null)}
      />
    </Edit>
  );
}
