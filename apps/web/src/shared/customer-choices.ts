import { CUSTOMER_TYPES } from '@tourdesk/contracts/customer-types';

/** The customer types as select choices; apart from the form so a list loads without the form and its zod. */
export const customerTypeChoices = CUSTOMER_TYPES.map((id) => ({ id, name: `customers.types.${id}` }));
