import { Create, Edit, useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { Customer } from '@tourdesk/contracts/customers.schema';
import { customerCopy } from './customer-copy.ts';
import { CustomerForm } from './customer-form.tsx';
import { SaveDeleteToolbar } from '../../shared/save-delete-toolbar.tsx';
import { createCustomerResolver, registerDriverResolver, updateCustomerResolver } from './customer-validation.ts';

export function CustomerCreate() {
  return (
    <Create redirect="edit" mutationMode="pessimistic">
      <CustomerForm variant="staff" resolver={createCustomerResolver} />
    </Create>
  );
}

/** /customers/copy/{id}: a new customer prefilled with the address, type and agency of an existing one. */
export function CustomerCopy() {
  const { id } = useParams();
  const translate = useTranslate();
  const { data, isPending } = useGetOne<Customer>('customers', { id: Number(id) }, { enabled: Boolean(id) });
  if (id && isPending) return null;
  return (
    <Create
      resource="customers"
      record={data ? customerCopy(data) : undefined}
      redirect="edit"
      mutationMode="pessimistic"
      title={translate('app.actions.copy')}
    >
      <CustomerForm variant="staff" resolver={createCustomerResolver} />
    </Create>
  );
}

export function CustomerEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={false}>
      <CustomerForm variant="staff" resolver={updateCustomerResolver} toolbar={<SaveDeleteToolbar />} />
    </Edit>
  );
}

/** /customers/drivers/create: a driver is a customer with a driver login (POST /registration-driver). */
export function DriverCreate() {
  return (
    <Create redirect="list" mutationMode="pessimistic">
      <CustomerForm variant="driver" resolver={registerDriverResolver} />
    </Create>
  );
}
