import { ZCreateCustomerBody, ZRegisterDriverBody, ZUpdateCustomerBody } from '@tourdesk/contracts';
import { contactRowsResolver } from './contact-rows.ts';

/**
 * The contracts as they are: the form sends what they parse (empty texts as null, e-mail rows in lower
 * case, and only the fields the API takes).
 */
export const createCustomerResolver = contactRowsResolver(ZCreateCustomerBody);
export const updateCustomerResolver = contactRowsResolver(ZUpdateCustomerBody);
export const registerDriverResolver = contactRowsResolver(ZRegisterDriverBody);
