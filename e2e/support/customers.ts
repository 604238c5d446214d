import { expect, type APIRequestContext } from '@playwright/test';
import { apiToken } from './session.ts';

type ContactRow = { id_vc_field: number; key: string; value: string };
export type CustomerAnswer = {
  id: number;
  name: string;
  agencyId: number | null;
  birthday: string | null;
  passportValidUntil: string | null;
  phones: ContactRow[];
  emails: ContactRow[];
};

/** Creates a customer through the API as `email` (a set-up step). */
export async function createCustomer(
  request: APIRequestContext,
  email: string,
  data: Record<string, unknown>,
): Promise<CustomerAnswer> {
  const token = await apiToken(request, email);
  const response = await request.post('/api/v1/customers', { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.status()).toBe(201);
  return (await response.json()) as CustomerAnswer;
}

/** A customer as the API has it now, read as the admin. */
export async function getCustomer(request: APIRequestContext, id: number): Promise<CustomerAnswer> {
  const token = await apiToken(request, 'admin@example.com');
  const response = await request.get(`/api/v1/customers/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as CustomerAnswer;
}
